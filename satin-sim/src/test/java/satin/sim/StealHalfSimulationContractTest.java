package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import satin.lb.StealChunk;

/**
 * Every stealing balancer with steal-half passes the contract every balancer passes in the
 * simulator, and its victims did give chunks: each chunk's further jobs ran once and came back.
 */
class StealHalfSimulationContractTest {

    @Test
    void aChunkedBalancersWorkersOfferEveryJobAsTheRuntimesDequesThenDo() {
        RegularTree w = SimulationTest.synthetic(2, 3, 100);
        assertEquals(satin.deque.Offered.fromProperties(new java.util.Properties()), SimConfig.of(Topology.grid(1, 2), w, "CRS", "none").offered());
        assertEquals(StealChunk.MAX_JOBS, SimConfig.of(Topology.grid(1, 2), w, "CRS:chunk=half", "none").offered());
        assertEquals(StealChunk.MAX_JOBS, SimConfig.of(Topology.grid(1, 2), w, "RS:chunk=3", "none").offered());
    }

    /** The contract, for one balancer with {@code chunk=half}. */
    abstract static class Half extends SimulatedBalancerContract {
        @Override
        String balancer() {
            return getClass().getSimpleName() + ":chunk=half";
        }

        @Override
        void checkCounters(SimResult r) {
            assertTrue(r.total("chunkJobsGiven") > 0, balancer() + " gave no job beyond a request's first");
            assertTrue(r.total("chunkJobsGiven") < r.total("jobsGiven"));
            assertTrue(r.balancerSettings().endsWith("chunk=half"), r.balancerSettings());
        }
    }

    // each nested class is the contract for the balancer it is named after
    @Nested class RS extends Half { }
    @Nested class CRS extends Half { }
    @Nested class CHS extends Half { }
    @Nested class CLS extends Half { }
    @Nested class LL extends Half { }
}
