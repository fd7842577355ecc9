package satin.apps.ida;

import java.util.SplittableRandom;

/**
 * The 15-puzzle packed in a long, four bits per square (square p, counted row by row from the top
 * left, in bits 4p..4p+3), 0 standing for the blank. The goal has the blank in square 0 and tile t
 * in square t, as in Korf's instances. Moves are named by the way the blank goes: 0 up, 1 left,
 * 2 right, 3 down, so a move and its reverse add up to 3.
 */
public final class Board {

    public static final long GOAL = goal();
    public static final int[] STEP = {-4, -1, 1, 4};
    public static final char[] NAMES = {'U', 'L', 'R', 'D'};

    private Board() {
    }

    private static long goal() {
        long b = 0;
        for (int p = 0; p < 16; p++) {
            b |= (long) p << (4 * p);
        }
        return b;
    }

    public static int tile(long board, int square) {
        return (int) (board >>> (4 * square)) & 15;
    }

    public static int blank(long board) {
        for (int p = 0; p < 16; p++) {
            if (tile(board, p) == 0) {
                return p;
            }
        }
        throw new IllegalArgumentException("no blank on the board");
    }

    /** Whether the blank in square blank can move in direction d. */
    public static boolean canMove(int blank, int d) {
        return switch (d) {
            case 0 -> blank >= 4;
            case 1 -> (blank & 3) != 0;
            case 2 -> (blank & 3) != 3;
            default -> blank < 12;
        };
    }

    /** Whether the blank can move in direction d without undoing the move {@code previous} (-1 for none). */
    public static boolean canMoveOn(int blank, int d, int previous) {
        return d + previous != 3 && canMove(blank, d);
    }

    /** The Manhattan distance {@code h} of the board, updated for the blank's move in direction d. */
    public static int estimateAfter(long board, int blank, int d, int h) {
        int from = blank + STEP[d];
        int t = tile(board, from);
        return h - distance(t, from) + distance(t, blank);
    }

    /** The board after the blank (in square blank) swaps with its neighbour in direction d. */
    public static long move(long board, int blank, int d) {
        int from = blank + STEP[d];
        long t = tile(board, from);
        return board & ~(15L << (4 * from)) | t << (4 * blank);
    }

    /** How far tile t in square p is from its own square, in moves. */
    public static int distance(int t, int p) {
        return Math.abs((t >> 2) - (p >> 2)) + Math.abs((t & 3) - (p & 3));
    }

    /** The sum over the tiles of their Manhattan distances: a lower bound on the moves left. */
    public static int manhattan(long board) {
        int h = 0;
        for (int p = 0; p < 16; p++) {
            int t = tile(board, p);
            if (t != 0) {
                h += distance(t, p);
            }
        }
        return h;
    }

    /** The board of these 16 tiles, given square by square; throws unless it is a solvable permutation. */
    public static long of(int[] tiles) {
        if (tiles.length != 16) {
            throw new IllegalArgumentException("a board has 16 squares, not " + tiles.length);
        }
        long b = 0;
        int seen = 0;
        for (int p = 0; p < 16; p++) {
            int t = tiles[p];
            if (t < 0 || t > 15 || (seen & 1 << t) != 0) {
                throw new IllegalArgumentException("the tiles must be 0..15 each once; " + t + " at square " + p);
            }
            seen |= 1 << t;
            b |= (long) t << (4 * p);
        }
        if (!solvable(b)) {
            throw new IllegalArgumentException("the board cannot reach the goal (odd permutation parity)");
        }
        return b;
    }

    /** Every move flips the permutation parity and changes the blank's taxicab distance from square 0 by one. */
    static boolean solvable(long board) {
        int inversions = 0;
        for (int p = 0; p < 16; p++) {
            for (int q = p + 1; q < 16; q++) {
                if (tile(board, q) < tile(board, p)) {
                    inversions++;
                }
            }
        }
        return (inversions + distance(0, blank(board))) % 2 == 0;
    }

    /** The goal scrambled by a random walk of the blank that never steps straight back. */
    public static long randomWalk(int length, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long b = GOAL;
        int blank = 0;
        int previous = -1;
        for (int i = 0; i < length; i++) {
            int d;
            do {
                d = random.nextInt(4);
            } while (!canMove(blank, d) || d + previous == 3);
            b = move(b, blank, d);
            blank += STEP[d];
            previous = d;
        }
        return b;
    }

    /** Applies the moves (letters U, L, R, D) and returns the board, throwing on a move off the edge. */
    public static long apply(long board, String moves) {
        long b = board;
        for (char c : moves.toCharArray()) {
            int d = new String(NAMES).indexOf(c);
            int blank = blank(b);
            if (d < 0 || !canMove(blank, d)) {
                throw new IllegalStateException("move " + c + " is not possible with the blank in square " + blank);
            }
            b = move(b, blank, d);
        }
        return b;
    }

    public static String toString(long board) {
        StringBuilder s = new StringBuilder();
        for (int p = 0; p < 16; p++) {
            s.append(p == 0 ? "" : ",").append(tile(board, p));
        }
        return s.toString();
    }
}
