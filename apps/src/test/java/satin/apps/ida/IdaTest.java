package satin.apps.ida;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdaTest {

    private static final String[] ARGS = {"korf55", "3"};

    @Test
    void theParallelProgramPrintsWhatTheSequentialOnePrints() throws Exception {
        Object expected = AppHarness.oracle(Ida.class, "run", (Object) ARGS);
        assertTrue(((String) expected).contains("optimal length 41"), (String) expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Ida.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Ida.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Ida.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Ida.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Ida.run()));
    }

    @Test
    void theSpawnDepthChangesNothingButTheGrain() {
        String sequential = Ida.run("walk:60:3", "0");
        for (String depth : new String[] {"1", "2", "5", "40"}) {
            assertEquals(sequential.replace("spawn depth 0", "spawn depth " + depth), Ida.run("walk:60:3", depth));
        }
    }

    @Test
    void optimalLengthsAndCountsAgreeWithABreadthFirstSearch() {
        for (long seed = 1; seed <= 6; seed++) {
            long board = Board.randomWalk(16, seed);
            Map<Long, long[]> paths = breadthFirst(board, 16);
            long[] goal = paths.get(Board.GOAL);
            Ida.Solution s = new Ida(2).solve(board);
            assertEquals(goal[0], s.length(), "seed " + seed);
            assertEquals(goal[1], s.count(), "seed " + seed);
            assertEquals(Board.GOAL, Board.apply(board, s.first()));
        }
    }

    @Test
    void theIncrementalHeuristicIsTheManhattanDistance() {
        long board = Board.randomWalk(40, 9);
        int blank = Board.blank(board);
        for (int d = 0; d < 4; d++) {
            if (Board.canMove(blank, d)) {
                long child = Board.move(board, blank, d);
                assertEquals(blank + Board.STEP[d], Board.blank(child));
                assertEquals(1, Math.abs(Board.manhattan(child) - Board.manhattan(board)));
            }
        }
        assertEquals(0, Board.manhattan(Board.GOAL));
    }

    @Test
    void everyStoredInstanceIsSolvableAndItsLengthAtLeastItsEstimate() {
        for (int n : new int[] {1, 2, 3, 5, 9, 12, 28, 42, 55, 79, 97}) {
            Puzzles.Puzzle p = Puzzles.parse("korf" + n);
            int h = Board.manhattan(p.board());
            assertTrue(p.knownLength() >= h && (p.knownLength() - h) % 2 == 0, "korf" + n);
        }
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("spawn depth must be", "korf1", "x");
        assertMessage("is not one of korfN", "korf4");
        assertMessage("must be walk:LENGTH:SEED", "walk:5");
        assertMessage("16 comma-separated tiles", "1,2,3");
        assertMessage("each once", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,14");
        assertMessage("cannot reach the goal", "0,2,1,3,4,5,6,7,8,9,10,11,12,13,14,15");
        assertMessage("expected arguments", "korf1", "3", "4");
    }

    private static void assertMessage(String part, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ida.run(args));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    /** Distance from start and number of shortest paths, for every board within maxDepth moves. */
    private static Map<Long, long[]> breadthFirst(long start, int maxDepth) {
        Map<Long, long[]> seen = new HashMap<>();
        seen.put(start, new long[] {0, 1});
        ArrayDeque<Long> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            long b = queue.poll();
            long[] here = seen.get(b);
            if (here[0] == maxDepth) {
                continue;
            }
            int blank = Board.blank(b);
            for (int d = 0; d < 4; d++) {
                if (Board.canMove(blank, d)) {
                    long next = Board.move(b, blank, d);
                    long[] there = seen.get(next);
                    if (there == null) {
                        seen.put(next, new long[] {here[0] + 1, here[1]});
                        queue.add(next);
                    } else if (there[0] == here[0] + 1) {
                        there[1] += here[1];
                    }
                }
            }
        }
        return seen;
    }
}
