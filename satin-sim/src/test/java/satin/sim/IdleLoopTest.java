package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IdleLoopTest {

    @Test
    void parksDoubleFromTheFirstToTheLongest() {
        IdleLoop l = IdleLoop.RUNTIME;
        assertEquals(20_000, l.parkNanos(0));
        assertEquals(40_000, l.parkNanos(1));
        assertEquals(640_000, l.parkNanos(5));
        assertEquals(1_000_000, l.parkNanos(6));
        assertEquals(1_000_000, l.parkNanos(IdleLoop.LONG_PARKED));
        assertTrue(l.parks() && !IdleLoop.EAGER.parks());
    }

    /** The root alone, a leaf of 100 ms on the master: the other node finds nothing, as often as its idle loop asks. */
    private static long requests(IdleLoop idle) {
        return requests(idle, "RS");
    }

    private static long requests(IdleLoop idle, String balancer) {
        SimConfig c = SimConfig.of(Topology.grid(1, 2), TestTrees.oneLeaf(100_000), balancer, "none");
        SimResult r = SimulationTest.run(new SimConfig(c.topology(), c.workload(), c.balancer(), c.wan(), c.lan(), c.seed(),
                c.offered(), idle, c.maxSimulatedNanos(), c.traceLimit(), c.formedNanos()));
        assertEquals(100_000_000, r.runNanos());
        assertEquals(0, r.total("remoteSteals"));
        return r.total("remoteStealRequests");
    }

    @Test
    void aParkedThiefAsksOnceAParkAndAnEagerOneOnceARoundTrip() {
        long parked = requests(IdleLoop.RUNTIME);
        assertTrue(parked >= 99 && parked <= 101, parked + " requests in 100 ms parked 1 ms at a time");
        long eager = requests(IdleLoop.EAGER);
        long roundTrip = 2 * Interconnect.MYRINET.latencyNanos();
        assertTrue(Math.abs(eager - 100_000_000 / roundTrip) <= 0.05 * eager, eager + " requests at " + roundTrip + " ns each");
    }

    @Test
    void aChsWalkThatEndedWaitsForTheNextPark() {
        // node 1's walk is its parent alone: every reply ends it, and the next waits for the idle loop
        long chs = requests(IdleLoop.RUNTIME, "CHS");
        assertTrue(chs >= 99 && chs <= 101, chs + " requests in 100 ms parked 1 ms at a time");
    }
}
