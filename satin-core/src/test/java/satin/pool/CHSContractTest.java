package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

/**
 * CHS passes the contract every balancer passes; its requests are passed on through the cluster's
 * tree, and jobs found further on reach their thieves through the nodes that passed the request on.
 */
class CHSContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "CHS";
    }

    /** A request is passed on when it finds a node without work: likely in every run, but chance. */
    @Override
    boolean shown(List<PoolNode> nodes, int clusters) {
        return super.shown(nodes, clusters) && total(nodes, p -> p.poolStats().stealRequestsPassedOn.get()) > 0;
    }

    @Override
    void checkCounters(List<PoolNode> nodes, int clusters) {
        assertTrue(total(nodes, p -> p.poolStats().stealRequestsPassedOn.get()) > 0, "requests were passed on in " + MAX_RUNS + " runs");
        // a job passed on is given twice and received twice: each hop counts as one move. A steal
        // counts the request a job answered, and a chunk's further jobs answer the same request: they
        // are left out, for the JVM's satin.stealChunk, not this test, decides how many a steal takes
        assertEquals(total(nodes, p -> p.poolStats().jobsGiven.get() - p.poolStats().chunkJobsGiven.get()),
                total(nodes, p -> p.poolStats().lanSteals.get() + p.poolStats().wanSteals.get()),
                "jobs given as a request's first against steals, at every hop");
    }
}
