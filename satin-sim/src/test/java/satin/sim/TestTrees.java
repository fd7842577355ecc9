package satin.sim;

import java.util.Locale;
import satin.record.SpawnTree;

/**
 * The regular trees the simulator's own tests run, with no application behind them. They are
 * timed and sized as the model of the synthetic application (satin.deploy.sim.SyntheticWorkload)
 * times and sizes its trees: each leaf's time varied by the irregularity from a mix of its path,
 * and jobs of the payload plus the codec's 95 bytes with 14-byte results. So these tests run the
 * trees they ran when the simulator still knew the application.
 */
final class TestTrees {

    private static final int JOB_OVERHEAD = 95;
    private static final int RESULT_BYTES = 14;

    private TestTrees() {
    }

    /** The comparisons' tree: irregularity 0.5, 100-byte payloads. */
    static RegularTree synthetic(int fanOut, int depth, long leafMicros) {
        return tree(fanOut, depth, leafMicros, 0.5, 100);
    }

    /** The root alone, a leaf of {@code leafMicros}, with nothing to carry. */
    static RegularTree oneLeaf(long leafMicros) {
        return tree(1, 0, leafMicros, 0, 0);
    }

    private static RegularTree tree(int fanOut, int depth, long leafMicros, double irregularity, int payloadBytes) {
        return new RegularTree(fanOut, depth, path -> leafNanos(leafMicros, irregularity, path), payloadBytes + JOB_OVERHEAD,
                RESULT_BYTES, String.format(Locale.ROOT, "test tree %d^%d, leaves %d us", fanOut, depth, leafMicros));
    }

    /** The leaf time varied by up to {@code irregularity} either way, by a uniform number from the path's mix. */
    private static long leafNanos(long leafMicros, double irregularity, long path) {
        double uniform = (SpawnTree.mix(path) >>> 11) * 0x1.0p-53;
        return (long) (leafMicros * 1_000 * (1 + irregularity * (2 * uniform - 1)));
    }
}
