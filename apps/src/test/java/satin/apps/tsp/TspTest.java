package satin.apps.tsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TspTest {

    private static final String[] ARGS = {"13", "3", "3"};

    @Test
    void theParallelProgramPrintsWhatTheSequentialOnePrints() throws Exception {
        Object expected = AppHarness.oracle(Tsp.class, "run", (Object) ARGS);
        assertTrue(((String) expected).contains("verified"), (String) expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Tsp.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Tsp.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Tsp.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Tsp.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Tsp.run()));
    }

    @Test
    void theShortestTourIsTheOneHeldAndKarpFind() {
        for (int n = 1; n <= 11; n++) {
            for (long seed = 1; seed <= 4; seed++) {
                Cities cities = Cities.random(n, seed);
                int expected = heldKarp(cities.distance);
                for (int depth : new int[] {1, 2, 4}) {
                    Tour t = new Tsp(cities, depth).solve();
                    assertEquals(expected, t.length, "n=" + n + " seed=" + seed + " depth=" + depth);
                    assertEquals(t.length, cities.length(t.order));
                    cities.checkPermutation(t.order);
                }
            }
        }
    }

    @Test
    void twoOptNeverLengthensATour() {
        Cities cities = Cities.random(30, 8);
        int[] nn = cities.nearestNeighbourTour();
        int[] better = cities.twoOpt(nn);
        cities.checkPermutation(better);
        assertTrue(cities.length(better) <= cities.length(nn));
    }

    @Test
    void theCheckRejectsAToursThatIsNoPermutation() {
        Cities cities = Cities.random(5, 1);
        assertThrows(IllegalStateException.class, () -> cities.checkPermutation(new int[] {0, 1, 2, 2, 4}));
        assertThrows(IllegalStateException.class, () -> cities.checkPermutation(new int[] {1, 0, 2, 3, 4}));
        assertThrows(IllegalStateException.class, () -> cities.checkPermutation(new int[] {0, 1, 2, 3}));
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("cities must be an integer from 1 to 60", "0");
        assertMessage("cities must be an integer from 1 to 60", "x");
        assertMessage("spawn depth must be", "10", "0");
        assertMessage("seed must be an integer", "10", "2", "y");
        assertMessage("the bound must be shared", "10", "2", "3", "4");
        assertMessage("expected arguments", "10", "2", "3", "shared", "5");
    }

    private static void assertMessage(String part, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tsp.run(args));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    /** The shortest tour by dynamic programming over subsets (Held and Karp, 1962). */
    private static int heldKarp(int[][] d) {
        int n = d.length;
        if (n == 1) {
            return 0;
        }
        int full = 1 << (n - 1);
        int[][] best = new int[full][n - 1];
        for (int[] row : best) {
            Arrays.fill(row, Integer.MAX_VALUE / 2);
        }
        for (int c = 0; c < n - 1; c++) {
            best[1 << c][c] = d[0][c + 1];
        }
        for (int set = 1; set < full; set++) {
            for (int last = 0; last < n - 1; last++) {
                if ((set & 1 << last) == 0 || best[set][last] >= Integer.MAX_VALUE / 2) {
                    continue;
                }
                for (int next = 0; next < n - 1; next++) {
                    if ((set & 1 << next) == 0) {
                        int to = set | 1 << next;
                        best[to][next] = Math.min(best[to][next], best[set][last] + d[last + 1][next + 1]);
                    }
                }
            }
        }
        int shortest = Integer.MAX_VALUE;
        for (int last = 0; last < n - 1; last++) {
            shortest = Math.min(shortest, best[full - 1][last] + d[last + 1][0]);
        }
        return shortest;
    }
}
