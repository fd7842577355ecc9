package satin.apps.ida;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
 * The search that ends on its first solution by throwing it (issue 35): the rewritten program
 * prints what the sequential one prints, the first solution in move order, on one and two workers,
 * with every spawn stolen (shared and copied), on a pool, and on a pool that loses a node.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class IdaFirstTest {

    private static final String[] ARGS = {"korf55", "3"};
    /** Some 3 s sequentially: long enough for other nodes to steal. */
    private static final String[] LONGER = {"korf1", "6"};
    /** How many pools a test starts at most, waiting for chance to show what it needs (a job stolen). */
    private static final int MAX_POOLS = 5;

    @Test
    void theParallelProgramPrintsTheSequentialProgramsFirstSolution() throws Exception {
        Object expected = AppHarness.oracle(IdaFirst.class, "run", (Object) ARGS);
        assertTrue(((String) expected).contains("length 41"), (String) expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> IdaFirst.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> IdaFirst.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> IdaFirst.run(ARGS)));
    }

    @Test
    void withEverySpawnStolenSharedOrCopied() throws Exception {
        Object expected = AppHarness.oracle(IdaFirst.class, "run", (Object) ARGS);
        for (int workers = 1; workers <= 2; workers++) {
            NodeConfig config = NodeConfig.defaults().withWorkers(workers);
            try (Node shared = Node.start(config, JobCopier.sharing());
                    Node copied = Node.start(config.withByValue(true))) {
                assertEquals(expected, shared.call(() -> IdaFirst.run(ARGS)), workers + " workers, every spawn stolen");
                assertEquals(expected, copied.call(() -> IdaFirst.run(ARGS)), workers + " workers, every spawn copied");
            }
        }
    }

    @Test
    void aPoolThatLosesANodeMidRunFindsTheSequentialFirstSolution() throws Exception {
        Object expected = AppHarness.oracle(IdaFirst.class, "run", (Object) LONGER);
        AtomicBoolean crashed = new AtomicBoolean();
        for (int pool = 0; pool < MAX_POOLS && !crashed.get(); pool++) {
            var run = AppHarness.onPool(3, FrameFormat.DEFAULT_MAX_FRAME, WanLinks.none(), () -> IdaFirst.run(LONGER),
                    nodes -> {
                        // crashed once it has taken a job: what it held runs again at its owner
                        if (Await.holds(() -> nodes.get(2).poolStats().stealRepliesWithJob.get() > 0, Duration.ofSeconds(5))) {
                            Crash.crash(nodes.get(2));
                            crashed.set(true);
                        }
                    });
            assertEquals(expected, run.result());
        }
        assertTrue(crashed.get(), "the third node took a job in one of " + MAX_POOLS + " pools");
    }

    @Test
    void itsFirstSolutionIsTheOneIdaFindsSearchingEverything() {
        for (long seed = 1; seed <= 4; seed++) {
            long board = Board.randomWalk(30, seed);
            for (int depth : new int[] {0, 2, 5}) {
                assertEquals(new Ida(depth).solve(board).first(), new IdaFirst(depth).solve(board).moves(),
                        "seed " + seed + ", spawn depth " + depth);
            }
        }
    }

    @Test
    void theSmallPresetIsTheDefaultAndBadArgumentsAreNamed() throws Exception {
        assertEquals(AppHarness.oracle(IdaFirst.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> IdaFirst.run()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IdaFirst.run("korf4"));
        assertTrue(e.getMessage().contains("korf4"), e.getMessage());
    }
}
