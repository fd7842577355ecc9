package satin.apps.ida;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * IDA* on the 15-puzzle that ends on its first solution: each iteration searches as {@link Ida}
 * does, one job per move down to the spawn depth and sequentially below it, but the search that
 * reaches the goal throws the moves that led there ({@link Solved}), and the iteration ends. The
 * sequential program throws the first solution in move order and never searches past it; the
 * parallel one throws the same, as the earliest failure in program order, and cancels the
 * searches of later moves, which the sequential program never ran (docs/decisions/0052).
 */
public class IdaFirst extends SatinObject {

    /** Arguments of the presets: sequentially, small a few milliseconds, medium a fraction of a second, large seconds. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("korf79", "4"),
            "medium", List.of("korf2", "6"),
            "large", List.of("korf3", "6"));

    private final int spawnDepth;
    /** The solution the search ended on, once it did; its type travels with every job as a field of the receiver. */
    private Solved solved;

    public IdaFirst(int spawnDepth) {
        if (spawnDepth < 0) {
            throw new IllegalArgumentException("spawn depth must be at least 0, not " + spawnDepth);
        }
        this.spawnDepth = spawnDepth;
    }

    /**
     * Searches the subtree of board (g moves from the start by {@code path}, estimate h) within
     * bound; previous is the move that led here or -1.
     *
     * @return the smallest f = g + h above the bound in the subtree, the next iteration's bound
     * @throws Solved at the first solution in move order
     */
    @Spawnable
    public int search(long board, int blank, int g, int h, int bound, int previous, String path) {
        return explore(board, blank, g, h, bound, previous, path);
    }

    /**
     * {@link #search}'s work. The first move is searched here, by a plain call, before the others
     * are spawned, as tsp does its nearest city: a job runs the spawns it kept newest first at its
     * sync, so spawned with the others the first move, where the sequential program looks first,
     * would be searched last on one worker, after later moves the sequential program may never reach.
     */
    private int explore(long board, int blank, int g, int h, int bound, int previous, String path) {
        if (g >= spawnDepth || h == 0 || g + h > bound) {
            return FirstBelow.search(board, blank, g, h, bound, previous, path);
        }
        int[] next = {Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE};
        boolean first = true;
        for (int d = 0; d < 4; d++) {
            if (Board.canMoveOn(blank, d, previous)) {
                int child = Board.estimateAfter(board, blank, d, h);
                long moved = Board.move(board, blank, d);
                if (first) {
                    first = false;
                    next[d] = explore(moved, blank + Board.STEP[d], g + 1, child, bound, d, path + Board.NAMES[d]);
                } else {
                    next[d] = search(moved, blank + Board.STEP[d], g + 1, child, bound, d, path + Board.NAMES[d]);
                }
            }
        }
        sync();
        return Math.min(Math.min(next[0], next[1]), Math.min(next[2], next[3]));
    }

    /** The first solution in move order, found by the iteration with the bounds so far. */
    Solution solve(long board) {
        int h = Board.manhattan(board);
        List<Integer> bounds = new ArrayList<>();
        for (int bound = h;;) {
            bounds.add(bound);
            int next;
            try {
                next = search(board, Board.blank(board), 0, h, bound, -1, "");
                sync();
            } catch (Solved s) {
                solved = s;
                return new Solution(s.moves(), bounds);
            }
            bound = next;
        }
    }

    /** The moves of the first solution in move order, and the bounds of the iterations that found it. */
    public record Solution(String moves, List<Integer> bounds) {
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Ida.Args a = Ida.arguments(PRESETS, args);
        Puzzles.Puzzle puzzle = a.puzzle();
        Solution s = new IdaFirst(a.spawnDepth()).solve(puzzle.board());
        verify(puzzle, s);
        return "ida-first " + puzzle.name() + " (" + Board.toString(puzzle.board()) + ") spawn depth " + a.spawnDepth()
                + ": first solution in move order " + s.moves() + ", length " + s.moves().length() + ", in "
                + s.bounds().size() + " iterations (bounds " + s.bounds() + "); verified"
                + (puzzle.knownLength() >= 0 ? " (it reaches the goal, in Korf's length)" : " (it reaches the goal)");
    }

    private static void verify(Puzzles.Puzzle puzzle, Solution s) {
        int length = s.bounds().get(s.bounds().size() - 1);
        if (s.moves().length() != length || Board.apply(puzzle.board(), s.moves()) != Board.GOAL) {
            throw new IllegalStateException("the solution " + s.moves() + " does not reach the goal in " + length);
        }
        if (puzzle.knownLength() >= 0 && puzzle.knownLength() != length) {
            throw new IllegalStateException("found length " + length + ", Korf's is " + puzzle.knownLength());
        }
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        Ida.arguments(PRESETS, args);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
