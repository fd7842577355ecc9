package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class OccupancyTest {

    private static final long S = 1_000_000_000L;

    /** Transitions at whole seconds, alternating busy and idle from busy. */
    static NodeTrace node(String name, long originEpochMicros, long... seconds) {
        long[] times = new long[seconds.length];
        boolean[] busy = new boolean[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            times[i] = seconds[i] * S;
            busy[i] = i % 2 == 0;
        }
        return new NodeTrace(name, originEpochMicros, times, busy);
    }

    /**
     * A busy 0-10 s, B busy 2-4 and 5-8 s, C starts a second later and is busy 2-8 s of its own
     * clock (3-9 s): all three busy first at 3 s, and for the last time 5-8 s.
     */
    private static Occupancy threeNodes() {
        return Occupancy.of(List.of(node("A", 5_000_000, 0, 10), node("B", 5_000_000, 2, 4, 5, 8),
                node("C", 6_000_000, 2, 8)), 3);
    }

    @Test
    void stepsPutNodesOfDifferentOriginsOnOneTimeLine() {
        Occupancy o = threeNodes();
        assertArrayEquals(new double[] {0, 2, 3, 4, 5, 8, 9, 10}, o.times(), 1e-12);
        assertArrayEquals(new int[] {1, 2, 3, 2, 3, 2, 1, 0}, o.busy());
        assertEquals(10, o.duration(), 1e-12);
        assertEquals(21.0 / 30, o.meanOccupancy(), 1e-12);
    }

    @Test
    void latenciesAtFullAndHalfOccupancy() {
        Occupancy o = threeNodes();
        assertEquals(3, o.startingLatency(1), 1e-12);
        assertEquals(2, o.endingLatency(1), 1e-12); // B idle for good at 8 s, the end at 10 s
        assertEquals(2, o.startingLatency(0.5), 1e-12); // two of three
        assertEquals(1, o.endingLatency(0.5), 1e-12); // two busy until 9 s
        assertEquals(1, o.maxOccupancy(), 1e-12);
    }

    @Test
    void binnedMeansAreTimeWeighted() {
        // 2 s bins: 1; 2 then 3; 2 then 3; 3; 2 then 1
        assertArrayEquals(new double[] {1, 2.5, 2.5, 3, 1.5}, threeNodes().binnedMeans(5, 10), 1e-12);
        // a bin past the end is empty
        assertArrayEquals(new double[] {9 / 5.0, 12 / 5.0, 0}, threeNodes().binnedMeans(3, 15), 1e-12);
    }

    @Test
    void transitionsAtOneInstantMakeOneStep() {
        // A hands over to B at 5 s exactly: one node busy throughout, never none and never two
        Occupancy o = Occupancy.of(List.of(node("A", 0, 0, 5), node("B", 0, 5, 7)), 2);
        assertArrayEquals(new int[] {1, 1, 0}, o.busy());
        assertTrue(Double.isNaN(o.startingLatency(1)));
        assertEquals(0.5, o.maxOccupancy(), 1e-12);
    }

    @Test
    void nodesThatNeverWorkedCountAsIdle() {
        Occupancy o = Occupancy.of(List.of(node("A", 0, 1, 4), node("B", 0, 2, 3), node("C", 0)), 4);
        assertEquals(4, o.nodes());
        assertEquals(0.5, o.maxOccupancy(), 1e-12);
        assertTrue(Double.isNaN(o.endingLatency(0.75)));
        assertEquals(3, o.duration(), 1e-12); // from A busy at 1 s to A idle at 4 s
        assertEquals(1, o.startingLatency(0.5), 1e-12); // B joins A at 2 s
        assertEquals(1, o.endingLatency(0.5), 1e-12); // two busy until 3 s, the end at 4 s
    }

    @Test
    void noTransitionsNoOccupancy() {
        Occupancy o = Occupancy.of(List.of(node("A", 0)), 1);
        assertEquals(0, o.duration(), 0);
        assertEquals(0, o.maxOccupancy(), 0);
        assertTrue(Double.isNaN(o.startingLatency(1)));
    }
}
