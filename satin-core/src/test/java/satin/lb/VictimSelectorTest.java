package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Uniform, round-robin and distance-weighted victims (Perarnau and Sato, victim selection: the
 * reference walks the ranks in order; theirs asks with probability proportional to 1 / latency).
 */
class VictimSelectorTest {

    private static Map<Integer, Integer> draws(VictimSelector s, FakePort port, List<Integer> candidates, int n) {
        Map<Integer, Integer> counts = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            counts.merge(s.pick(candidates, port), 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void distanceWeightedAsksNearVictimsInProportionToOneOverLatency() {
        FakePort port = FakePort.grid(1, 3, 1); // 1 in c0, 2 in c1, 3 in c2
        port.latencies.put("c0>c1", 1_000_000L);
        port.latencies.put("c0>c2", 4_000_000L);
        Map<Integer, Integer> counts = draws(VictimSelector.distanceWeighted(100_000), port, List.of(2, 3), 50_000);
        double ratio = (double) counts.get(2) / counts.get(3);
        assertTrue(ratio > 3.6 && ratio < 4.4, "1 ms against 4 ms: about 4 times as often, got " + ratio);
    }

    @Test
    void measuredDistancesCountInsteadOfConfiguredOnes() {
        FakePort port = FakePort.grid(1, 3, 1); // nothing configured: 10 ms to each
        port.measured.put(3, 40_000_000L); // 3 turned out 4 times as far; 2 was never measured
        Map<Integer, Integer> counts = draws(VictimSelector.distanceWeighted(100_000), port, List.of(2, 3), 50_000);
        double ratio = (double) counts.get(2) / counts.get(3);
        assertTrue(ratio > 3.6 && ratio < 4.4, "10 ms configured against 40 ms measured: about 4 times, got " + ratio);
    }

    @Test
    void aLocalVictimCountsAsTheFloor() {
        FakePort port = FakePort.grid(1, 2, 2); // 1, 2 in c0; 3, 4 in c1
        port.latencies.put("c0>c1", 10_000_000L);
        Map<Integer, Integer> counts = draws(VictimSelector.distanceWeighted(1_000_000), port, List.of(2, 3), 30_000);
        double ratio = (double) counts.get(2) / counts.get(3);
        assertTrue(ratio > 8.5 && ratio < 11.5, "1 ms floor against 10 ms: about 10 times, got " + ratio);
    }

    @Test
    void uniformAsksEveryoneAlike() {
        FakePort port = FakePort.grid(1, 1, 5);
        Map<Integer, Integer> counts = draws(VictimSelector.uniform(), port, List.of(2, 3, 4, 5), 40_000);
        counts.values().forEach(c -> assertTrue(Math.abs(c - 10_000) < 500, counts.toString()));
    }

    private static List<Integer> walk(VictimSelector s, FakePort port, int n) {
        return java.util.stream.IntStream.range(0, n).mapToObj(i -> s.pick(port.others(), port)).toList();
    }

    @Test
    void roundRobinAsksTheNextNumberAfterItselfThenWalksOnWrappingAround() {
        FakePort port = FakePort.grid(3, 1, 5);
        assertEquals(List.of(4, 5, 1, 2, 4, 5, 1), walk(VictimSelector.roundRobin(), port, 7));
    }

    @Test
    void roundRobinGoesOnAfterTheLastVictimWhenTheMembersChange() {
        FakePort port = FakePort.grid(1, 1, 6);
        VictimSelector s = VictimSelector.roundRobin();
        assertEquals(List.of(2, 3), walk(s, port, 2));
        port.clusters.remove(4); // 4 left: the walk goes on from 3
        port.clusters.put(9, "c0"); // 9 joined: it is last in the order
        assertEquals(List.of(5, 6, 9, 2, 3, 5), walk(s, port, 6));
    }

    @Test
    void eachNodesBalancerWalksFromItsOwnNumber() {
        java.util.function.Supplier<LoadBalancer> maker = Balancers.parse("RS:victims=round-robin");
        List<Integer> firsts = new java.util.ArrayList<>();
        for (int self = 1; self <= 4; self++) {
            FakePort port = FakePort.grid(self, 1, 4);
            LoadBalancer rs = maker.get();
            rs.attach(port);
            for (int i = 0; i < 3; i++) {
                rs.idle();
                rs.stealReplied(port.sentTo("steal").get(i), i == 0); // a successful steal does not reset the walk
            }
            assertEquals(walk(VictimSelector.roundRobin(), port, 3), port.sentTo("steal"), "node " + self);
            firsts.add(port.sentTo("steal").get(0));
        }
        assertEquals(List.of(2, 3, 4, 1), firsts, "no node starts where another's walk left off");
        assertEquals("round-robin", maker.get().settings().get("victims"));
    }

    @Test
    void selectorsAreNamedAndParsed() {
        assertEquals("round-robin", VictimSelector.parse("round-robin").name());
        assertEquals("uniform", VictimSelector.parse("uniform").name());
        assertEquals("distance:100", VictimSelector.parse("distance").name());
        assertEquals("distance:250", VictimSelector.parse("distance:250").name());
        assertThrows(IllegalArgumentException.class, () -> VictimSelector.parse("nearest"));
        assertThrows(IllegalArgumentException.class, () -> VictimSelector.parse("distance:0"));
    }
}
