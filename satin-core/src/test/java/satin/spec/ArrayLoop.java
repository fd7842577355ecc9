package satin.spec;

import static satin.Satin.sync;

import satin.Spawnable;

/**
 * A loop that spawns into array elements, with a static spawnable method and the statically
 * imported {@code sync()}: the harmonic number H(n), summed in blocks.
 */
public final class ArrayLoop {

    private ArrayLoop() {
    }

    public static double harmonic(int n, int blocks) {
        double[] parts = new double[blocks];
        for (int i = 0; i < blocks; i++) {
            parts[i] = block(blockStart(n, blocks, i), blockStart(n, blocks, i + 1));
        }
        sync();
        return sumInOrder(parts);
    }

    /** The sum of 1/k for k in [from, to). */
    @Spawnable
    public static double block(int from, int to) {
        double sum = 0;
        for (int k = to - 1; k >= from; k--) {
            sum += 1.0 / k;
        }
        return sum;
    }

    static int blockStart(int n, int blocks, int i) {
        return 1 + (int) ((long) n * i / blocks);
    }

    static double sumInOrder(double[] parts) {
        double sum = 0;
        for (double p : parts) {
            sum += p;
        }
        return sum;
    }
}
