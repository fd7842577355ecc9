package satin.apps.ida;

/**
 * The depth-first search below the spawn depth of {@link IdaFirst}: it throws the first solution
 * it reaches ({@link Solved}), else returns the smallest f = g + h above the bound it met, the next
 * iteration's bound. One object per job, never shared.
 */
public final class FirstBelow {

    private final int bound;
    private final int rootDepth;
    private final String path;
    private final char[] moves;
    private int nextBound = Integer.MAX_VALUE;

    private FirstBelow(int bound, int rootDepth, String path) {
        this.bound = bound;
        this.rootDepth = rootDepth;
        this.path = path;
        this.moves = new char[Math.max(bound - rootDepth, 0) + 1];
    }

    /**
     * Searches the subtree of board (at depth g, estimate h, reached by the moves {@code path})
     * within bound; previous is the move that led here or -1.
     *
     * @throws Solved at the first solution in move order
     */
    public static int search(long board, int blank, int g, int h, int bound, int previous, String path) {
        FirstBelow s = new FirstBelow(bound, g, path);
        s.visit(board, blank, g, h, previous);
        return s.nextBound;
    }

    private void visit(long board, int blank, int g, int h, int previous) {
        int f = g + h;
        if (f > bound) {
            nextBound = Math.min(nextBound, f);
            return;
        }
        if (h == 0) {
            throw new Solved(path + new String(moves, 0, g - rootDepth));
        }
        for (int d = 0; d < 4; d++) {
            if (Board.canMoveOn(blank, d, previous)) {
                int child = Board.estimateAfter(board, blank, d, h);
                moves[g - rootDepth] = Board.NAMES[d];
                visit(Board.move(board, blank, d), blank + Board.STEP[d], g + 1, child, d);
            }
        }
    }
}
