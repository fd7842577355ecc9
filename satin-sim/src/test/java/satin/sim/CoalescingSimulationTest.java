package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Simulated coalescing ({@link Batches}), as {@code -Dsatin.coalesce} makes real nodes send: every
 * job still runs once, a frame is counted once where it arrives (never more than were sent), and a
 * window that catches several messages for one peer sends fewer frames than messages.
 */
class CoalescingSimulationTest {

    private static final RegularTree TREE = TestTrees.synthetic(4, 5, 2000);

    private static SimResult run(String balancer, long windowNanos) {
        SimConfig c = SimConfig.of(Topology.grid(4, 4), TREE, balancer, "5ms/100KB/s").withSeed(3);
        return SimulationTest.run(c.coalescedWithin(windowNanos));
    }

    private static long framesSent(SimResult r) {
        return r.total("lanMessagesSent") + r.total("wanMessagesSent");
    }

    private static long framesReceived(SimResult r) {
        return r.total("lanMessagesReceived") + r.total("wanMessagesReceived");
    }

    @Test
    void withoutCoalescingEveryMessageIsAFrame() {
        SimResult r = run("RS", 0);
        assertTrue(r.finished());
        assertEquals(r.messages(), framesSent(r));
    }

    @Test
    void coalescedEveryJobRunsOnceAndNoFrameIsCountedTwice() {
        for (String balancer : new String[] {"RS", "CRS", "RP"}) {
            SimResult r = run(balancer, 2_000_000);
            assertTrue(r.finished(), balancer);
            assertEquals(TREE.size(), r.jobs(), balancer + ": every call ran once");
            // messages may still be on their way when the root's result arrives: no more can have come
            assertTrue(framesReceived(r) <= framesSent(r), balancer + ": " + framesReceived(r) + " frames received of "
                    + framesSent(r) + " sent");
            assertTrue(r.total("lanBytesReceived") + r.total("wanBytesReceived")
                    <= r.total("lanBytesSent") + r.total("wanBytesSent"), balancer + ": more bytes received than sent");
        }
    }

    @Test
    void aWindowThatCatchesSeveralMessagesForOnePeerSendsFewerFrames() {
        SimResult r = run("RP", 2_000_000);
        assertTrue(framesSent(r) < r.messages(), framesSent(r) + " frames for " + r.messages() + " messages");
    }
}
