package satin.spec;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Counts the ways to place n queens on an n x n board. Each placement in the first
 * {@code spawnRows} rows is a spawn whose count goes into an element of a local array, one per
 * column; below that the search is sequential.
 */
public class NQueens extends SatinObject {

    private final int spawnRows;

    public NQueens(int spawnRows) {
        this.spawnRows = spawnRows;
    }

    public long count(int n) {
        return place(n, 0, 0, 0, 0);
    }

    /** Queens in rows below {@code row} occupy the columns and diagonals in the three masks. */
    @Spawnable
    public long place(int n, int row, int columns, int leftDiagonals, int rightDiagonals) {
        if (row == n) {
            return 1;
        }
        if (row >= spawnRows) {
            return placeSequentially(n, row, columns, leftDiagonals, rightDiagonals);
        }
        long[] counts = new long[n];
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        for (int col = 0; col < n; col++) {
            int bit = 1 << col;
            if ((free & bit) != 0) {
                counts[col] = place(n, row + 1, columns | bit, (leftDiagonals | bit) << 1,
                        (rightDiagonals | bit) >>> 1);
            }
        }
        sync();
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total;
    }

    static long placeSequentially(int n, int row, int columns, int leftDiagonals, int rightDiagonals) {
        if (row == n) {
            return 1;
        }
        long total = 0;
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            total += placeSequentially(n, row + 1, columns | bit, (leftDiagonals | bit) << 1,
                    (rightDiagonals | bit) >>> 1);
        }
        return total;
    }
}
