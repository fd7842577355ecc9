package satin.spec;

import satin.runtime.Frame;
import satin.runtime.InvocationRecord;

/**
 * What the rewriter makes of {@link ArrayLoop}: a static spawnable method (the record has no
 * receiver) spawned in a loop into the elements of a {@code double[]}.
 */
public final class ArrayLoopByHand {

    private ArrayLoopByHand() {
    }

    public static double harmonic(int n, int blocks) {
        Frame frame = null;
        double[] parts = new double[blocks];
        for (int i = 0; i < blocks; i++) {
            if (frame == null) {
                frame = Frame.enter();
            }
            // parts[i] = block(...): the array and the index are evaluated before the arguments,
            // as in the sequential program.
            double[] array = parts;
            int index = i;
            frame.spawn(new BlockRecord(ArrayLoop.blockStart(n, blocks, i), ArrayLoop.blockStart(n, blocks, i + 1),
                    array, index));
        }
        if (frame != null) {
            frame.sync(); // sync();
        }
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
