package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Random Stealing against a port that only records: one request at a time, to a random other member. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RandomStealingTest {

    /** A port whose members are {@code self} and {@code others}, alternately in clusters c0 and c1. */
    private static FakePort port(int self, List<Integer> others) {
        Map<Integer, String> m = new TreeMap<>();
        m.put(self, "c" + self % 2);
        others.forEach(o -> m.put(o, "c" + o % 2));
        return new FakePort(self, m);
    }

    private static RandomStealing attached(FakePort port) {
        RandomStealing rs = new RandomStealing();
        rs.attach(port);
        return rs;
    }

    @Test
    void aloneItAsksNobody() {
        FakePort port = port(1, List.of());
        RandomStealing rs = attached(port);
        for (int i = 0; i < 10; i++) {
            rs.idle();
        }
        assertEquals(List.of(), port.sentTo("steal"));
    }

    @Test
    void anIdleNodeAsksOneOtherMemberNeverItself() {
        FakePort port = port(2, List.of(1, 3, 4));
        attached(port).idle();
        assertEquals(1, port.sentTo("steal").size());
        assertTrue(port.others().contains(port.sentTo("steal").get(0)), port.sentTo("steal").toString());
    }

    @Test
    void itWaitsForTheReplyBeforeAskingAgain() {
        FakePort port = port(1, List.of(2, 3));
        RandomStealing rs = attached(port);
        for (int i = 0; i < 100; i++) {
            rs.idle();
        }
        assertEquals(1, port.sentTo("steal").size());
        rs.stealReplied(port.sentTo("steal").get(0), false);
        rs.idle();
        rs.idle();
        assertEquals(2, port.sentTo("steal").size(), "an empty reply: the next idle moment asks again, once");
        rs.stealReplied(port.sentTo("steal").get(1), true);
        rs.idle();
        assertEquals(3, port.sentTo("steal").size(), "a reply with a job ends the wait as well");
    }

    @Test
    void aMemberThatJoinedIsAskedToo() {
        FakePort port = port(1, List.of());
        RandomStealing rs = attached(port);
        rs.idle();
        port.clusters.put(5, "c1");
        rs.membersChanged();
        rs.idle();
        assertEquals(List.of(5), port.sentTo("steal"));
    }

    @Test
    void victimsAreChosenUniformly() {
        List<Integer> others = List.of(1, 2, 4, 5, 6);
        FakePort port = port(3, others);
        RandomStealing rs = attached(port);
        int rounds = 5_000;
        for (int i = 0; i < rounds; i++) {
            rs.idle();
            rs.stealReplied(port.sentTo("steal").get(port.sentTo("steal").size() - 1), false);
        }
        Map<Integer, Integer> counts = new TreeMap<>();
        port.sentTo("steal").forEach(v -> counts.merge(v, 1, Integer::sum));
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
