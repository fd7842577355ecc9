package satin.deploy.sim;

import satin.apps.synthetic.SyntheticTree;
import satin.sim.RegularTree;

/**
 * The synthetic tree of the balancer comparisons ({@link SyntheticTree}) as the simulator's {@link RegularTree}:
 * {@code fanOut} children per job down to {@code depth}, leaves that take the time the
 * application's leaves wait (the same time for the same place in the tree), jobs and results the
 * size the codec gives them.
 */
final class SyntheticWorkload {

    /**
     * What the codec adds to a stolen job's payload (its record, arguments and target), and a long
     * result's bytes. Measured together on the emulated runs' traffic (decision 0020): a job of
     * 100 payload bytes and its result took 209 bytes beyond their frames.
     */
    static final int JOB_OVERHEAD = 95;
    static final int RESULT_BYTES = 14;

    private SyntheticWorkload() {
    }

    static RegularTree of(int fanOut, int depth, long leafMicros, double irregularity, int payloadBytes) {
        if (payloadBytes < 0) {
            throw new IllegalArgumentException("a payload of " + payloadBytes + " bytes");
        }
        SyntheticTree tree = new SyntheticTree(fanOut, depth, leafMicros, irregularity, true);
        return new RegularTree(fanOut, depth, tree::leafNanos, payloadBytes + JOB_OVERHEAD, RESULT_BYTES,
                String.format(java.util.Locale.ROOT, "synthetic tree %d^%d, leaves %d us (irregularity %s), %d-byte jobs",
                        fanOut, depth, leafMicros, irregularity, payloadBytes));
    }
}
