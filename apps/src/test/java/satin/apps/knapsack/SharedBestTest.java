package satin.apps.knapsack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * knapsack with its best value in a shared object prints what the sequential program prints, and
 * what the bound passed down prints: on one and two workers, with every spawn stolen, with every
 * job's best value a stale copy, and on a pool.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedBestTest {

    private static final String[] SHARED = {"24", "10000", "3", "6", "shared"};
    private static final String[] PASSED = {"24", "10000", "3", "6", "passed"};

    @Test
    void everywhereTheSequentialValue() throws Exception {
        Object expected = AppHarness.oracle(Knapsack.class, "run", (Object) SHARED);
        assertEquals(AppHarness.oracle(Knapsack.class, "run", (Object) PASSED), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Knapsack.run(SHARED)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Knapsack.run(SHARED)));
        for (int workers = 1; workers <= 2; workers++) {
            try (Node shared = Node.start(NodeConfig.defaults().withWorkers(workers), JobCopier.sharing());
                    Node copied = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
                assertEquals(expected, shared.call(() -> Knapsack.run(SHARED)), workers + " workers, every spawn stolen");
                assertEquals(expected, copied.call(() -> Knapsack.run(SHARED)), workers + " workers, every value a copy");
            }
        }
        assertEquals(expected, AppHarness.onFourNodes(() -> Knapsack.run(SHARED)));
    }

    @Test
    void theBoundIsSharedOrPassed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Knapsack.run("10", "100", "1", "2", "both"));
        assertTrue(e.getMessage().contains("the bound must be shared"), e.getMessage());
    }
}
