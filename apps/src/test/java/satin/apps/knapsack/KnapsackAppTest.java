package satin.apps.knapsack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KnapsackAppTest {

    private static final String[] ARGS = {"18", "1000", "3", "5"};

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(Knapsack.class, "run", (Object) ARGS);
        assertTrue(expected.endsWith("and dynamic programming agrees"), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Knapsack.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Knapsack.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Knapsack.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Knapsack.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Knapsack.run()));
    }

    @Test
    void branchAndBoundAgreesWithDynamicProgrammingOnRandomInstances() throws Exception {
        for (long seed = 1; seed <= 15; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int n = 1 + random.nextInt(20);
            long[] weights = new long[n];
            long[] values = new long[n];
            long total = 0;
            for (int i = 0; i < n; i++) {
                weights[i] = 1 + random.nextInt(100);
                values[i] = random.nextInt(100);
                total += weights[i];
            }
            long capacity = random.nextLong(total + 1);
            for (int depth : new int[] {0, 3, 30}) {
                Knapsack problem = new Knapsack(weights, values, capacity, depth);
                long[] best = AppHarness.onTwoWorkers(problem::solve);
                assertEquals(problem.dynamicProgramming(), best[0], "seed " + seed + " depth " + depth);
                long[] packed = problem.weightAndValue(best[1]);
                assertTrue(packed[0] <= capacity);
                assertEquals(best[0], packed[1]);
                assertTrue(problem.relaxation(0, capacity) >= best[0], "the relaxation bounds every packing");
            }
        }
    }

    @Test
    void anEvenOddInstanceCannotBeFilled() {
        long[][] instance = Knapsack.instance(12, 100, 5);
        long[] best = new Knapsack(instance[0], instance[1], instance[2][0], 0).solve();
        assertEquals(1, instance[2][0] % 2);
        assertTrue(best[0] < instance[2][0]);
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Knapsack.run("63", "100", "1", "2"));
        assertTrue(e.getMessage().contains("ITEMS") && e.getMessage().contains("63"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Knapsack.run("10", "1", "1", "2"));
        assertTrue(e.getMessage().contains("MAX_WEIGHT") && e.getMessage().contains("1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Knapsack.run("10", "100", "s", "2"));
        assertTrue(e.getMessage().contains("SEED") && e.getMessage().contains("s"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Knapsack.run("10"));
    }
}
