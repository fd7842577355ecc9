package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Random Stealing against a port that only records: one request at a time, to a random other member. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RandomStealingTest {

    /** A node as the balancer sees it, with seeded randomness so that every run draws the same victims. */
    static final class FakePort implements BalancerPort {
        final int self;
        List<Integer> others;
        final List<Integer> requests = new ArrayList<>();
        private final Random random = new Random(42);

        FakePort(int self, List<Integer> others) {
            this.self = self;
            this.others = others;
        }

        @Override
        public int self() {
            return self;
        }

        @Override
        public List<Integer> others() {
            return others;
        }

        @Override
        public String clusterOf(int member) {
            return "c" + member % 2;
        }

        @Override
        public void requestSteal(int victim) {
            requests.add(victim);
        }

        @Override
        public long nanoTime() {
            return 0;
        }

        @Override
        public int random(int bound) {
            return random.nextInt(bound);
        }
    }

    private static RandomStealing attached(FakePort port) {
        RandomStealing rs = new RandomStealing();
        rs.attach(port);
        return rs;
    }

    @Test
    void aloneItAsksNobody() {
        FakePort port = new FakePort(1, List.of());
        RandomStealing rs = attached(port);
        for (int i = 0; i < 10; i++) {
            rs.idle();
        }
        assertEquals(List.of(), port.requests);
    }

    @Test
    void anIdleNodeAsksOneOtherMemberNeverItself() {
        FakePort port = new FakePort(2, List.of(1, 3, 4));
        attached(port).idle();
        assertEquals(1, port.requests.size());
        assertTrue(port.others.contains(port.requests.get(0)), port.requests.toString());
    }

    @Test
    void itWaitsForTheReplyBeforeAskingAgain() {
        FakePort port = new FakePort(1, List.of(2, 3));
        RandomStealing rs = attached(port);
        for (int i = 0; i < 100; i++) {
            rs.idle();
        }
        assertEquals(1, port.requests.size());
        rs.stealReplied(port.requests.get(0), false);
        rs.idle();
        rs.idle();
        assertEquals(2, port.requests.size(), "an empty reply: the next idle moment asks again, once");
        rs.stealReplied(port.requests.get(1), true);
        rs.idle();
        assertEquals(3, port.requests.size(), "a reply with a job ends the wait as well");
    }

    @Test
    void aMemberThatJoinedIsAskedToo() {
        FakePort port = new FakePort(1, List.of());
        RandomStealing rs = attached(port);
        rs.idle();
        port.others = List.of(5);
        rs.membersChanged();
        rs.idle();
        assertEquals(List.of(5), port.requests);
    }

    @Test
    void victimsAreChosenUniformly() {
        List<Integer> others = List.of(1, 2, 4, 5, 6);
        FakePort port = new FakePort(3, others);
        RandomStealing rs = attached(port);
        int rounds = 5_000;
        for (int i = 0; i < rounds; i++) {
            rs.idle();
            rs.stealReplied(port.requests.get(port.requests.size() - 1), false);
        }
        Map<Integer, Integer> counts = new TreeMap<>();
        port.requests.forEach(v -> counts.merge(v, 1, Integer::sum));
        assertEquals(others, List.copyOf(counts.keySet()), "every other member, and only they, were asked");
        double expected = (double) rounds / others.size();
        double chiSquare = counts.values().stream().mapToDouble(c -> (c - expected) * (c - expected) / expected).sum();
        assertTrue(chiSquare < 18.47, "chi-square " + chiSquare + " over 4 degrees of freedom (p < 0.001): " + counts);
    }

    @Test
    void itIsCalledRS() {
        assertEquals("RS", new RandomStealing().name());
    }
}
