package satin.apps.nqueens;

import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * Counts the ways to place n queens on an n x n board so that none attacks another. Each
 * placement in the first {@code spawnRows} rows is a spawn, its count going into the element of
 * a local array for its column; below those rows the search is sequential, with bit masks for the
 * attacked columns and diagonals.
 */
public class NQueens extends SatinObject {

    private final int spawnRows;

    public NQueens(int spawnRows) {
        this.spawnRows = spawnRows;
    }

    public long count(int n) {
        if (n < 1 || n > 30) {
            throw new IllegalArgumentException("n must be between 1 and 30, not " + n);
        }
        return place(n, 0, 0, 0, 0);
    }

    /** Queens in the rows above {@code row} attack the columns and diagonals set in the three masks. */
    @Spawnable
    public long place(int n, int row, int columns, int leftDiagonals, int rightDiagonals) {
        if (row >= spawnRows || row == n) {
            return sequential(n, row, columns, leftDiagonals, rightDiagonals);
        }
        long[] counts = new long[n];
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        for (int col = 0; col < n; col++) {
            int bit = 1 << col;
            if ((free & bit) != 0) {
                counts[col] = place(n, row + 1, columns | bit, (leftDiagonals | bit) << 1, (rightDiagonals | bit) >>> 1);
            }
        }
        sync();
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total;
    }

    static long sequential(int n, int row, int columns, int leftDiagonals, int rightDiagonals) {
        if (row == n) {
            return 1;
        }
        long total = 0;
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            total += sequential(n, row + 1, columns | bit, (leftDiagonals | bit) << 1, (rightDiagonals | bit) >>> 1);
        }
        return total;
    }

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("12", "3"), "medium", List.of("15", "4"), "large", List.of("16", "4"));

    /** Boards up to this size are checked against the naive search, which is slow above it. */
    static final int CHECKED_UP_TO = 12;

    /**
     * The published number of solutions for each board size from 0 (OEIS A000170), for the boards
     * the naive search is too slow for; the ones it can check are cross-checked against it in the tests.
     */
    static final long[] PUBLISHED = {1L, 1L, 0L, 0L, 2L, 10L, 4L, 40L, 92L, 352L, 724L, 2680L, 14200L, 73712L,
        365596L, 2279184L, 14772512L, 95815104L, 666090624L, 4968057848L, 39029188884L, 314666222712L,
        2691008701644L, 24233937684440L, 227514171973736L, 2207893435808352L, 22317699616364044L,
        234907967154122528L};

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** N and the rows that spawn. */
    private static int[] arguments(String... args) {
        List<String> a = AppArguments.of(PRESETS, args);
        if (a.isEmpty() || a.size() > 2) {
            throw new IllegalArgumentException("expected N [SPAWN_ROWS] or a preset (" + PRESETS.keySet() + "), not " + a);
        }
        int n = AppArguments.integer(a.get(0), "N", 1, 30);
        int spawnRows = a.size() > 1 ? AppArguments.integer(a.get(1), "SPAWN_ROWS", 0, n) : Math.max(1, n / 4);
        return new int[] {n, spawnRows};
    }

    /**
     * Computes with these arguments (N and how many rows spawn, N / 4 if left out), or those of a
     * preset named as the only argument; returns what main prints.
     */
    public static String run(String... args) {
        int[] nAndRows = arguments(args);
        int n = nAndRows[0];
        int spawnRows = nAndRows[1];
        long count = new NQueens(spawnRows).count(n);
        String text = "nqueens(" + n + ") = " + count + " (spawning in " + spawnRows + " rows), ";
        if (n > CHECKED_UP_TO) {
            if (n >= PUBLISHED.length) {
                return text + "not checked (no published count above " + (PUBLISHED.length - 1) + ")";
            }
            if (count != PUBLISHED[n]) {
                throw new IllegalStateException("nqueens(" + n + ") counted " + count + " but the published count is "
                        + PUBLISHED[n]);
            }
            return text + "verified against the published count (OEIS A000170)";
        }
        long naive = naive(n, new int[n], 0);
        if (naive != count) {
            throw new IllegalStateException("nqueens(" + n + ") counted " + count + " but the naive search finds " + naive);
        }
        return text + "verified by a naive search";
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    /** Counts by checking each new queen against every earlier one: no masks, shares nothing with the search. */
    static long naive(int n, int[] columnOfRow, int row) {
        if (row == n) {
            return 1;
        }
        long total = 0;
        for (int col = 0; col < n; col++) {
            if (safe(columnOfRow, row, col)) {
                columnOfRow[row] = col;
                total += naive(n, columnOfRow, row + 1);
            }
        }
        return total;
    }

    private static boolean safe(int[] columnOfRow, int row, int col) {
        for (int r = 0; r < row; r++) {
            int c = columnOfRow[r];
            if (c == col || Math.abs(c - col) == row - r) {
                return false;
            }
        }
        return true;
    }
}
