package satin.apps.setcover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SetCoverAppTest {

    private static final String[] ARGS = {"30", "18", "2", "2"};

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(SetCover.class, "run", (Object) ARGS);
        assertTrue(expected.endsWith("and no fewer sets do (every subset tried)"), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> SetCover.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> SetCover.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> SetCover.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        String expected = (String) AppHarness.oracle(SetCover.class, "run", (Object) new String[] {"small"});
        assertEquals(expected, AppHarness.onTwoWorkers(() -> SetCover.run()));
        assertEquals(expected, AppHarness.onFourNodes(() -> SetCover.run()));
    }

    @Test
    void theSearchFindsTheMinimumOfEverySubsetAtEverySpawnDepth() throws Exception {
        for (long seed = 1; seed <= 12; seed++) {
            long[] sets = SetCover.instance(24, 14, seed);
            int minimum = new SetCover(sets, 24, 0).exhaustiveMinimum();
            for (int depth : new int[] {0, 1, 3, 20}) {
                SetCover problem = new SetCover(sets, 24, depth);
                int[] cover = AppHarness.onTwoWorkers(problem::solve);
                assertTrue(problem.covers(cover), "seed " + seed + " depth " + depth);
                assertEquals(minimum, cover.length, "seed " + seed + " depth " + depth);
                assertTrue(problem.greedy().length >= minimum);
            }
        }
    }

    @Test
    void setsThatCannotCoverGiveNoCover() {
        assertEquals(0, new SetCover(new long[] {0b011, 0b001}, 3, 2).solve().length);
        assertEquals(1, new SetCover(new long[] {0b011, 0b111}, 3, 2).solve().length);
    }

    @Test
    void everyElementIsInSomeSetOfAnInstance() {
        long all = 0;
        for (long set : SetCover.instance(64, 10, 7)) {
            all |= set;
        }
        assertEquals(-1L, all);
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SetCover.run("65", "10", "1", "2"));
        assertTrue(e.getMessage().contains("UNIVERSE") && e.getMessage().contains("65"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SetCover.run("10", "0", "1", "2"));
        assertTrue(e.getMessage().contains("SETS") && e.getMessage().contains("0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SetCover.run("10", "5", "1", "-1"));
        assertTrue(e.getMessage().contains("SPAWN_DEPTH") && e.getMessage().contains("-1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SetCover.run("10", "5"));
    }
}
