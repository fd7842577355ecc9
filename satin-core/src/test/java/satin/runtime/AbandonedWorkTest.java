package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.deque.DequeKind;
import satin.pool.Summing;
import satin.testing.Await;

/**
 * Work from elsewhere whose owner went is abandoned: the workers that run it stop at their next
 * spawn or sync, with every kind of deque, and leave their deques as a finished job would. Here a
 * job of a minute's leaves runs on two workers, stealing from each other, and is abandoned once it
 * is well under way.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AbandonedWorkTest {

    /** 16,384 leaves of 4 ms: a minute on two workers, so that finishing it cannot pass for stopping. */
    private static final long ELEMENTS = 16_384L * 20;
    private static final long LEAF_NANOS = 4_000_000;

    /** A job from elsewhere: it carries a lineage of its own, as the pool's jobs do. */
    private static final class FromElsewhere extends InvocationRecord {
        final Summing program = new Summing(20, LEAF_NANOS);
        long result;

        @Override
        protected void invoke() {
            result = program.sum(0, ELEMENTS);
        }
    }

    private static NodeConfig config(String mode) {
        NodeConfig two = NodeConfig.defaults().withWorkers(2);
        return mode.equals("by-value") ? two.withByValue(true) : two.withDeque(DequeKind.parse(mode));
    }

    @ParameterizedTest
    @ValueSource(strings = {"split", "locked", "by-value"})
    void abandonedWorkStopsAtItsNextSpawnOrSyncAndLeavesTheNodeAsItFoundIt(String mode) throws Exception {
        try (Node node = Node.start(config(mode))) {
            Lineage lineage = new Lineage();
            FromElsewhere job = new FromElsewhere();
            job.belongsTo(lineage);
            node.submit(job);
            await("both workers to run the job", 20, () -> node.busyWorkers() == 2);

            long start = System.nanoTime();
            lineage.abandon();
            node.shedAbandoned();
            await("the abandoned job to end", 20, job::isDone);
            await("both workers to stop", 20, () -> node.busyWorkers() == 0);
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(job.failure() instanceof Abandoned, "it unwound as abandoned work: " + job.failure());
            assertTrue(tookMillis < 20_000, "stopped in " + tookMillis + " ms");
            assertEquals(0, node.queuedJobs(), "nothing of it waits in a deque");
            long n = 2_000;
            assertEquals(Summing.sequential(0, n), node.call(() -> new Summing(20, 0).sum(0, n)),
                    "the workers' deques are as a finished job leaves them");
        }
    }

    private static void await(String what, long seconds, BooleanSupplier condition) throws InterruptedException {
        Await.until(condition, Duration.ofSeconds(seconds), () -> what);
    }
}
