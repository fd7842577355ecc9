package satin.pool;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import satin.lb.StealHalfJvm;

/**
 * Every stealing balancer with steal-half passes the contract in a real pool: each job of a chunk
 * came back once, nothing was run twice, and victims did give chunks. Run in a JVM of its own with
 * {@code -Dsatin.stealChunk=half} (satin-core's pom), for only then do the deques offer a chunk.
 */
@StealHalfJvm
class StealHalfContractTest {

    /** The contract, for one balancer with {@code chunk=half}. */
    abstract static class Half extends BalancerContract {
        @Override
        String balancer() {
            return getClass().getSimpleName() + ":chunk=half";
        }

        /** A chunk needs a victim offering four jobs when asked: in 80 ms of leaves that is chance (3 to 20 times a run). */
        @Override
        boolean shown(List<PoolNode> nodes, int clusters) {
            return super.shown(nodes, clusters) && total(nodes, p -> p.poolStats().chunkJobsGiven.get()) > 0;
        }

        @Override
        void checkCounters(List<PoolNode> nodes, int clusters) {
            assertTrue(satin.deque.SplitDeque.PUBLIC_TARGET > 1, "the deques offer every job when steals take chunks");
            long chunked = total(nodes, p -> p.poolStats().chunkJobsGiven.get());
            assertTrue(chunked > 0, balancer() + " gave no job beyond a request's first in " + MAX_RUNS + " runs");
            if (clusters == 1) {
                assertTrue(total(nodes, p -> p.poolStats().wanChunkJobsGiven.get()) == 0, "no wide area in one cluster");
            }
            assertTrue(nodes.get(0).balancerSettings().endsWith("chunk=half"), nodes.get(0).balancerSettings());
        }
    }

    // each nested class is the contract for the balancer it is named after
    @Nested class RS extends Half { }
    @Nested class CRS extends Half { }
    @Nested class CHS extends Half { }
    @Nested class CLS extends Half { }
    @Nested class LL extends Half { }
}
