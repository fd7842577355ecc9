package satin.apps.tsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;
import satin.net.FrameFormat;
import satin.net.WanLinks;
import satin.pool.Crash;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.testing.Await;

/**
 * tsp with its bound in a shared object prints what the sequential program prints, and what the
 * bound passed down prints: on one and two workers, with every spawn stolen, with every job's
 * bound a stale copy, on a pool whose replicas lag behind a slow wide-area link, and on a pool that
 * loses a node mid-run.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedBoundTest {

    private static final String[] SHARED = {"13", "3", "5", "shared"};
    private static final String[] PASSED = {"13", "3", "5", "passed"};

    private static Object oracle() throws Exception {
        Object shared = AppHarness.oracle(Tsp.class, "run", (Object) SHARED);
        assertEquals(AppHarness.oracle(Tsp.class, "run", (Object) PASSED), shared,
                "the sequential program finds the same tour with either bound");
        return shared;
    }

    @Test
    void oneAndTwoWorkersFindTheSequentialTour() throws Exception {
        Object expected = oracle();
        assertEquals(expected, AppHarness.onOneWorker(() -> Tsp.run(SHARED)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Tsp.run(SHARED)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Tsp.run(PASSED)));
    }

    @Test
    void everySpawnStolenFindsTheSequentialTour() throws Exception {
        Object expected = oracle();
        for (int workers = 1; workers <= 2; workers++) {
            try (Node shared = Node.start(NodeConfig.defaults().withWorkers(workers), JobCopier.sharing());
                    Node copied = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
                assertEquals(expected, shared.call(() -> Tsp.run(SHARED)), workers + " workers, every spawn stolen");
                // every job a copy of the bound, never told of the others' tours: the stalest reads there are
                assertEquals(expected, copied.call(() -> Tsp.run(SHARED)), workers + " workers, every bound a copy");
            }
        }
    }

    /** Some 2 s sequentially, far longer with the bound passed down: long enough for other nodes to steal. */
    private static final String[] LONGER = {"22", "3", "5", "shared"};
    /** How many pools a test starts at most, waiting for chance to show what it needs (a job stolen). */
    private static final int MAX_POOLS = 5;

    @Test
    void aPoolFindsTheSequentialTourWithItsReplicasLaggingBehind() throws Exception {
        assertEquals(oracle(), AppHarness.onFourNodes(() -> Tsp.run(SHARED)));
        Object expected = AppHarness.oracle(Tsp.class, "run", (Object) LONGER);
        boolean reached = false;
        for (int pool = 0; pool < MAX_POOLS && !reached; pool++) {
            var run = AppHarness.onPool(4, FrameFormat.DEFAULT_MAX_FRAME, WanLinks.parse("20ms/1MB/s"),
                    () -> Tsp.run(LONGER));
            assertEquals(expected, run.result());
            reached = run.replicas().stream().skip(1).anyMatch(r -> r.count() > 0);
        }
        assertTrue(reached, "the bound reached another node, in a job it stole, in " + MAX_POOLS + " pools");
    }

    @Test
    void aPoolThatLosesANodeMidRunFindsTheSequentialTour() throws Exception {
        Object expected = AppHarness.oracle(Tsp.class, "run", (Object) LONGER);
        AtomicBoolean crashed = new AtomicBoolean();
        for (int pool = 0; pool < MAX_POOLS && !crashed.get(); pool++) {
            var run = AppHarness.onPool(3, FrameFormat.DEFAULT_MAX_FRAME, WanLinks.none(), () -> Tsp.run(LONGER), nodes -> {
                // crashed once it holds the bound: it has taken a job, and may have written to the bound
                if (Await.holds(() -> nodes.get(2).replicas().count() > 0, Duration.ofSeconds(5))) {
                    Crash.crash(nodes.get(2));
                    crashed.set(true);
                }
            });
            assertEquals(expected, run.result());
        }
        assertTrue(crashed.get(), "the third node took a job in one of " + MAX_POOLS + " pools");
    }
}
