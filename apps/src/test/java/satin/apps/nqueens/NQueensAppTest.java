package satin.apps.nqueens;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NQueensAppTest {

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String[] args = {"10", "3"};
        String expected = (String) AppHarness.oracle(NQueens.class, "run", (Object) args);
        assertEquals("nqueens(10) = 724 (spawning in 3 rows), verified by a naive search", expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> NQueens.run(args)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> NQueens.run(args)));
        assertEquals(expected, AppHarness.onFourNodes(() -> NQueens.run(args)));
    }

    @Test
    void theSmallPresetIsTheDefaultAndVerified() throws Exception {
        String expected = (String) AppHarness.oracle(NQueens.class, "run", (Object) new String[0]);
        assertEquals(expected, AppHarness.onTwoWorkers(() -> NQueens.run("small")));
        assertTrue(expected.endsWith("verified by a naive search"), expected);
    }

    @Test
    void theMaskSearchAgreesWithTheNaiveSearch() {
        for (int n = 1; n <= 9; n++) {
            assertEquals(NQueens.naive(n, new int[n], 0), NQueens.sequential(n, 0, 0, 0, 0), "n=" + n);
        }
        assertEquals(92, NQueens.naive(8, new int[8], 0));
        assertEquals(0, NQueens.naive(3, new int[3], 0));
    }

    @Test
    void largerBoardsAreCheckedAgainstThePublishedCounts() throws Exception {
        String text = AppHarness.onTwoWorkers(() -> NQueens.run("13", "2"));
        assertEquals("nqueens(13) = 73712 (spawning in 2 rows), verified against the published count (OEIS A000170)", text);
        assertEquals("nqueens(14) = 365596 (spawning in 3 rows), verified against the published count (OEIS A000170)",
                AppHarness.onTwoWorkers(() -> NQueens.run("14")));
    }

    /** The published counts agree with the naive search wherever it is fast enough to run. */
    @Test
    void thePublishedCountsAreTheNaiveSearchs() {
        for (int n = 1; n <= NQueens.CHECKED_UP_TO; n++) {
            assertEquals(NQueens.PUBLISHED[n], NQueens.naive(n, new int[n], 0), "n=" + n);
        }
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NQueens.run("0"));
        assertTrue(e.getMessage().contains("N") && e.getMessage().contains("0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> NQueens.run("8", "9"));
        assertTrue(e.getMessage().contains("SPAWN_ROWS") && e.getMessage().contains("9"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NQueens.run("8", "2", "1"));
    }
}
