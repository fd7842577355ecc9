package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import satin.stats.RoundTripMatrix;

/**
 * Simulated nodes measure round trips on the virtual clock, as real ones do on theirs, and a
 * distance-weighted balancer weighs victims by them.
 */
class MeasuredDistancesTest {

    private static SimResult run(String balancer, String wan) {
        RegularTree w = SimulationTest.synthetic(4, 6, 1000);
        return SimulationTest.run(SimConfig.of(Topology.grid(2, 4), w, balancer, wan).withSeed(3));
    }

    @Test
    void wideAreaRoundTripsAreAtLeastTheConfiguredOnesAndLocalOnesFarShorter() {
        RoundTripMatrix m = run("RS", "10ms/1MB/s").roundTrips();
        RoundTripMatrix.Cell across = m.cell("grid-0", "grid-1");
        RoundTripMatrix.Cell inside = m.cell("grid-0", "grid-0");
        assertEquals(20_000_000, across.configuredNanos());
        assertTrue(across.minNanos() >= 20_000_000, "no node measured less than 10 ms each way: " + across);
        assertTrue(across.meanNanos() < 30_000_000, "nor much more on a 1 MB/s link with small messages: " + across);
        assertEquals(0, inside.configuredNanos());
        assertTrue(inside.maxNanos() < 1_000_000, "inside a cluster: well under a millisecond, " + inside);
        assertTrue(across.samples() > 0 && inside.samples() > 0);
    }

    /**
     * A slow link with no latency configured, as a real wide area is to the emulator: by the
     * configured latency every victim is as near as any, and only what was measured tells them apart.
     */
    @Test
    void distanceWeightedVictimsAreNearOnesOnceMeasured() {
        SimResult uniform = run("RS", "0ms/20KB/s");
        SimResult weighted = run("RS:victims=distance", "0ms/20KB/s");
        assertEquals(0, weighted.roundTrips().cell("grid-0", "grid-1").configuredNanos());
        double uniformShare = share(uniform);
        double weightedShare = share(weighted);
        assertTrue(uniformShare > 0.4, "uniform: about half the requests cross, " + uniformShare);
        assertTrue(weightedShare < 0.2, "weighted by measured distance: few cross, " + weightedShare);
    }

    /** The share of steal requests that crossed the wide area. */
    private static double share(SimResult r) {
        return (double) r.total("wanStealRequests") / (r.total("wanStealRequests") + r.total("lanStealRequests"));
    }
}
