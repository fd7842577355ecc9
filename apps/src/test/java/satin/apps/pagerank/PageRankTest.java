package satin.apps.pagerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * PageRank with its ranks published once per round, and guarded jobs, prints what the sequential
 * program prints, and what the ranks passed to every job print: on one and two workers, with every
 * spawn stolen, with every value a copy, and on a pool of four nodes, where jobs reach nodes as
 * ids of the ranks and wait for the master's state in their guard.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PageRankTest {

    private static final String[] SHARED = {"3000", "6", "8", "7", "shared"};
    private static final String[] PASSED = {"3000", "6", "8", "7", "passed"};

    @Test
    void everywhereTheSequentialRanks() throws Exception {
        Object expected = AppHarness.oracle(PageRank.class, "run", (Object) SHARED);
        assertEquals(AppHarness.oracle(PageRank.class, "run", (Object) PASSED), expected);
        assertTrue(((String) expected).startsWith("pagerank of 3000 pages"), (String) expected);
        for (String[] args : new String[][] {SHARED, PASSED}) {
            String form = args[4];
            assertEquals(expected, AppHarness.onOneWorker(() -> PageRank.run(args)), form + ", one worker");
            assertEquals(expected, AppHarness.onTwoWorkers(() -> PageRank.run(args)), form + ", two workers");
            for (int workers = 1; workers <= 2; workers++) {
                try (Node stolen = Node.start(NodeConfig.defaults().withWorkers(workers), JobCopier.sharing());
                        Node copied = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
                    assertEquals(expected, stolen.call(() -> PageRank.run(args)), form + ", every spawn stolen");
                    assertEquals(expected, copied.call(() -> PageRank.run(args)), form + ", every value a copy");
                }
            }
            assertEquals(expected, AppHarness.onFourNodes(() -> PageRank.run(args)), form + ", four nodes");
        }
    }

    @Test
    void thePresetsRunAndANonsenseArgumentIsNamed() {
        assertTrue(PageRank.run("small").contains("after 10 rounds"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PageRank.run("100", "0", "3", "1"));
        assertTrue(e.getMessage().contains("LINKS"), e.getMessage());
    }
}
