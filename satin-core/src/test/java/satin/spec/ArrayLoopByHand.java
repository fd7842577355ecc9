package satin.spec;

import satin.runtime.InvocationRecord;
import satin.runtime.Worker;

/**
 * What the rewriter makes of {@link ArrayLoop}: a static spawnable method (the record has no
 * receiver) spawned in a loop into the elements of a {@code double[]}, from a method that is not
 * itself spawnable.
 */
public final class ArrayLoopByHand {

    private ArrayLoopByHand() {
    }

    public static double harmonic(int n, int blocks) {
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> harmonic(n, blocks));
        }
        int mark = w.mark();
        double[] parts = new double[blocks];
        for (int i = 0; i < blocks; i++) {
            // parts[i] = block(...): the array and the index are evaluated before the arguments,
            // as in the sequential program.
            double[] array = parts;
            int index = i;
            w.spawn(new BlockRecord(ArrayLoop.blockStart(n, blocks, i), ArrayLoop.blockStart(n, blocks, i + 1),
                    array, index));
        }
        w.syncAll(mark); // sync();
        return ArrayLoop.sumInOrder(parts);
    }

    /** The record class of the static {@code block(int, int)}, with an array-element target. */
    static final class BlockRecord extends InvocationRecord {
        private final int from;
        private final int to;
        private final double[] targetArray;
        private final int targetIndex;
        private double result;

        BlockRecord(int from, int to, double[] targetArray, int targetIndex) {
            this.from = from;
            this.to = to;
            this.targetArray = targetArray;
            this.targetIndex = targetIndex;
        }

        @Override
        protected void invoke() {
            result = ArrayLoop.block(from, to);
        }

        @Override
        protected void deliver() {
            targetArray[targetIndex] = result;
        }
    }
}
