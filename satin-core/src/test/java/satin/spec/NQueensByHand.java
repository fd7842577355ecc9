package satin.spec;

import satin.SatinObject;
import satin.runtime.InvocationRecord;
import satin.runtime.Worker;

/**
 * What the rewriter makes of {@link NQueens}: spawns in a loop whose results go to array
 * elements, in record form. Each spawn builds a record that carries the array and the index,
 * evaluated at the spawn exactly as the sequential program evaluates them, and stores the result
 * itself; the generic sync runs or waits for every spawn above the mark.
 */
public class NQueensByHand extends SatinObject {

    private final int spawnRows;

    public NQueensByHand(int spawnRows) {
        this.spawnRows = spawnRows;
    }

    public long count(int n) {
        return place(n, 0, 0, 0, 0);
    }

    public long place(int n, int row, int columns, int leftDiagonals, int rightDiagonals) {
        if (row == n) {
            return 1;
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> place(n, row, columns, leftDiagonals, rightDiagonals));
        }
        int mark = w.mark();
        if (row >= spawnRows) {
            return NQueens.placeSequentially(n, row, columns, leftDiagonals, rightDiagonals);
        }
        long[] counts = new long[n];
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        for (int col = 0; col < n; col++) {
            int bit = 1 << col;
            if ((free & bit) != 0) {
                // counts[col] = place(...);
                w.spawn(new PlaceRecord(this, n, row + 1, columns | bit, (leftDiagonals | bit) << 1,
                        (rightDiagonals | bit) >>> 1, counts, col));
            }
        }
        w.syncAll(mark); // sync();
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total;
    }

    /** The record class of {@code place(int, int, int, int, int)}, with an array-element target. */
    static final class PlaceRecord extends InvocationRecord {
        private final NQueensByHand receiver;
        private final int n;
        private final int row;
        private final int columns;
        private final int leftDiagonals;
        private final int rightDiagonals;
        private final long[] targetArray;
        private final int targetIndex;
        private long result;

        PlaceRecord(NQueensByHand receiver, int n, int row, int columns, int leftDiagonals, int rightDiagonals,
                long[] targetArray, int targetIndex) {
            this.receiver = receiver;
            this.n = n;
            this.row = row;
            this.columns = columns;
            this.leftDiagonals = leftDiagonals;
            this.rightDiagonals = rightDiagonals;
            this.targetArray = targetArray;
            this.targetIndex = targetIndex;
        }

        @Override
        protected void invoke() {
            result = receiver.place(n, row, columns, leftDiagonals, rightDiagonals);
        }

        @Override
        protected void deliver() {
            targetArray[targetIndex] = result;
        }
    }
}
