package satin.apps.ida;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * IDA* on the 15-puzzle with the Manhattan-distance heuristic (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4): iterative
 * deepening on f = g + h, each iteration a search that spawns one job per move down to the spawn
 * depth and runs sequentially below it. An iteration searches its whole tree, so it returns every
 * solution within the bound and the number of nodes expanded, the same however it was divided.
 */
public class Ida extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("korf79", "4"),
            "medium", List.of("korf2", "6"),
            "large", List.of("korf3", "6"));

    private final int spawnDepth;

    public Ida(int spawnDepth) {
        if (spawnDepth < 0) {
            throw new IllegalArgumentException("spawn depth must be at least 0, not " + spawnDepth);
        }
        this.spawnDepth = spawnDepth;
    }

    /** Searches the subtree of board (g moves from the start, estimate h) within bound; previous is the move that led here or -1. */
    @Spawnable
    public Result search(long board, int blank, int g, int h, int bound, int previous) {
        if (g >= spawnDepth || h == 0 || g + h > bound) {
            return Sequential.search(board, blank, g, h, bound, previous);
        }
        Result[] children = new Result[4];
        for (int d = 0; d < 4; d++) {
            if (Board.canMoveOn(blank, d, previous)) {
                int child = Board.estimateAfter(board, blank, d, h);
                children[d] = search(Board.move(board, blank, d), blank + Board.STEP[d], g + 1, child, bound, d);
            }
        }
        sync();
        Result r = new Result();
        r.nodes = 1;
        for (int d = 0; d < 4; d++) {
            if (children[d] != null) {
                r.add(children[d], Board.NAMES[d]);
            }
        }
        return r;
    }

    /** The bounds of every iteration and the last iteration's result, the first with solutions. */
    Solution solve(long board) {
        int h = Board.manhattan(board);
        List<Integer> bounds = new ArrayList<>();
        long nodes = 0;
        for (int bound = h;;) {
            bounds.add(bound);
            Result r = search(board, Board.blank(board), 0, h, bound, -1);
            nodes += r.nodes;
            if (r.solutions > 0) {
                return new Solution(bound, r.solutions, nodes, bounds, r.path);
            }
            bound = r.nextBound;
        }
    }

    public record Solution(int length, long count, long nodes, List<Integer> bounds, String first) {
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Args a = arguments(PRESETS, args);
        Puzzles.Puzzle puzzle = a.puzzle();
        int spawnDepth = a.spawnDepth();
        Solution s = new Ida(spawnDepth).solve(puzzle.board());
        verify(puzzle, s);
        return "ida " + puzzle.name() + " (" + Board.toString(puzzle.board()) + ") spawn depth " + spawnDepth
                + ": optimal length " + s.length() + ", " + s.count() + " optimal solutions, first " + s.first()
                + ", " + s.nodes() + " nodes expanded in " + s.bounds().size() + " iterations (bounds "
                + s.bounds() + "); verified" + (puzzle.knownLength() >= 0 ? " (solution reaches the goal, Korf's length)"
                : " (solution reaches the goal)");
    }

    private static void verify(Puzzles.Puzzle puzzle, Solution s) {
        if (s.first().length() != s.length() || Board.apply(puzzle.board(), s.first()) != Board.GOAL) {
            throw new IllegalStateException("the solution " + s.first() + " does not reach the goal in " + s.length());
        }
        if (puzzle.knownLength() >= 0 && puzzle.knownLength() != s.length()) {
            throw new IllegalStateException("found length " + s.length() + ", Korf's is " + puzzle.knownLength());
        }
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(PRESETS, args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(Puzzles.Puzzle puzzle, int spawnDepth) {
    }

    /** The arguments with these presets: {@link IdaFirst} reads its own as {@link #run} reads these. */
    static Args arguments(Map<String, List<String>> presets, String... args) {
        List<String> a = AppArguments.of(presets, args);
        if (a.isEmpty() || a.size() > 2) {
            throw new IllegalArgumentException("expected arguments PUZZLE [SPAWN_DEPTH] or a preset "
                    + presets.keySet() + ", not " + a);
        }
        Puzzles.Puzzle puzzle = Puzzles.parse(a.get(0));
        int spawnDepth = a.size() > 1 ? AppArguments.integer(a.get(1), "spawn depth", 0, 40) : 4;
        return new Args(puzzle, spawnDepth);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
