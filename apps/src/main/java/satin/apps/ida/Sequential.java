package satin.apps.ida;

/**
 * The depth-first search below the spawn depth: one object per job, holding the moves from the
 * job's root, never shared.
 */
public final class Sequential {

    private final int bound;
    private final int rootDepth;
    private final char[] moves;
    private final Result result = new Result();

    private Sequential(int bound, int rootDepth) {
        this.bound = bound;
        this.rootDepth = rootDepth;
        this.moves = new char[Math.max(bound - rootDepth, 0) + 1];
    }

    /** Searches the subtree of board (at depth g, estimate h) within bound; previous is the move that led here or -1. */
    public static Result search(long board, int blank, int g, int h, int bound, int previous) {
        Sequential s = new Sequential(bound, g);
        s.visit(board, blank, g, h, previous);
        return s.result;
    }

    private void visit(long board, int blank, int g, int h, int previous) {
        int f = g + h;
        if (f > bound) {
            if (f < result.nextBound) {
                result.nextBound = f;
            }
            return;
        }
        if (h == 0) {
            if (result.solutions++ == 0) {
                result.path = new String(moves, 0, g - rootDepth);
            }
            return;
        }
        result.nodes++;
        for (int d = 0; d < 4; d++) {
            if (Board.canMoveOn(blank, d, previous)) {
                int child = Board.estimateAfter(board, blank, d, h);
                moves[g - rootDepth] = Board.NAMES[d];
                visit(Board.move(board, blank, d), blank + Board.STEP[d], g + 1, child, d);
            }
        }
    }
}
