package satin.apps.nqueens;

import satin.SatinObject;
import satin.Spawnable;

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

    /** Arguments: N (default 12) and how many rows spawn (default N / 4). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int spawnRows = args.length > 1 ? Integer.parseInt(args[1]) : Math.max(1, n / 4);
        System.out.println("nqueens(" + n + ") = " + new NQueens(spawnRows).count(n));
    }
}
