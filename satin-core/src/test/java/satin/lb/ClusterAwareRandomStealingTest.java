package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** CRS as Figure 3 of van Nieuwpoort, Kielmann and Bal (PPoPP 2001) has it: one wide-area steal in flight at most, local stealing meanwhile. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClusterAwareRandomStealingTest {

    private static ClusterAwareRandomStealing attached(FakePort port) {
        ClusterAwareRandomStealing crs = new ClusterAwareRandomStealing();
        crs.attach(port);
        return crs;
    }

    private static boolean remote(FakePort port, int member) {
        return !port.clusterOf(member).equals(port.clusterOf(port.self()));
    }

    @Test
    void anIdleNodeAsksARemoteNodeAndALocalOne() {
        FakePort port = FakePort.grid(1, 4, 4);
        attached(port).idle();
        List<Integer> asked = port.sentTo("steal");
        assertEquals(2, asked.size(), asked.toString());
        assertTrue(remote(port, asked.get(0)), "first the wide-area request: " + asked);
        assertTrue(!remote(port, asked.get(1)), "then a local one: " + asked);
    }

    @Test
    void neverTwoWideAreaStealsInFlightWhileLocalStealingGoesOn() {
        FakePort port = FakePort.grid(6, 4, 4);
        ClusterAwareRandomStealing crs = attached(port);
        crs.idle();
        int wanInFlight = 1;
        for (int round = 0; round < 500; round++) {
            List<Integer> asked = port.sentTo("steal");
            int last = asked.get(asked.size() - 1);
            if (!remote(port, last)) {
                crs.stealReplied(last, false); // the local victim had nothing: the thief asks on
            }
            if (round % 50 == 49) { // now and then the wide-area reply comes
                int wan = asked.stream().filter(v -> remote(port, v)).reduce((a, b) -> b).orElseThrow();
                crs.stealReplied(wan, false);
                wanInFlight--;
            }
            int before = port.sentTo("steal").size();
            crs.idle();
            for (int v : port.sentTo("steal").subList(before, port.sentTo("steal").size())) {
                if (remote(port, v)) {
                    wanInFlight++;
                }
            }
            assertTrue(wanInFlight <= 1, "two wide-area steals in flight at round " + round);
            assertEquals(wanInFlight == 1, crs.stealingRemotely());
        }
        long wan = port.sentTo("steal").stream().filter(v -> remote(port, v)).count();
        assertEquals(11, wan, "one at the start and one after each of the 10 wide-area replies");
        assertTrue(port.sentTo("steal").size() - wan > 400, "local stealing went on meanwhile");
    }

    @Test
    void withOneClusterItIsRandomStealing() {
        FakePort port = FakePort.grid(2, 1, 8);
        ClusterAwareRandomStealing crs = attached(port);
        List<Integer> victims = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            crs.idle();
            crs.idle();
            List<Integer> asked = port.sentTo("steal");
            assertEquals(i + 1, asked.size(), "one synchronous request at a time");
            victims.add(asked.get(i));
            crs.stealReplied(asked.get(i), false);
        }
        assertEquals(7, victims.stream().distinct().count(), "every other node is a victim");
        assertTrue(!victims.contains(2));
    }

    @Test
    void aWideAreaJobDoesNotStopLocalStealingButClearsTheFlag() {
        FakePort port = FakePort.grid(1, 2, 2);
        ClusterAwareRandomStealing crs = attached(port);
        crs.idle();
        int wan = port.sentTo("steal").get(0);
        crs.stealReplied(wan, true);
        crs.idle();
        List<Integer> asked = port.sentTo("steal");
        assertEquals(3, asked.size(), "a new wide-area request; the local one is still out: " + asked);
        assertTrue(remote(port, asked.get(2)));
    }

    @Test
    void aLocalVictimThatLeftWithARequestOutLeavesLocalStealingGoingAndOneWideAreaStealAtMost() {
        FakePort port = FakePort.grid(1, 2, 4);
        ClusterAwareRandomStealing crs = attached(port);
        crs.idle();
        List<Integer> first = port.sentTo("steal"); // the wide-area request, then the local one
        port.clusters.remove(first.get(1));
        crs.stealReplied(first.get(1), false); // the pool gives the request up, then tells the balancer
        crs.membersChanged();
        assertTrue(crs.stealingRemotely(), "the request to " + first.get(0) + " is still out");
        crs.idle();
        List<Integer> asked = port.sentTo("steal");
        assertEquals(3, asked.size(), "one new request: " + asked);
        assertEquals("c0", port.clusterOf(asked.get(2)), "inside the cluster: " + asked);
        crs.stealReplied(first.get(0), false);
        crs.idle();
        assertTrue(remote(port, port.sentTo("steal").get(3)), "the next wide-area one once the first came back");
    }
}
