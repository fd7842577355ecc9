package satin.sim;

import satin.apps.synthetic.SyntheticTree;

/**
 * The synthetic tree of the balancer comparisons ({@link SyntheticTree}): {@code fanOut} children
 * per job down to {@code depth}, inner jobs that only spawn and sync, leaves that take the time
 * the application's leaves wait (the same time for the same place in the tree). A job is its
 * level and its path (the leaf's number in base {@code fanOut}).
 */
final class SyntheticWorkload implements Workload {

    /**
     * What the codec adds to a stolen job's payload (its record, arguments and target), and a long
     * result's bytes. Measured together on the emulated runs' traffic (decision 0020): a job of
     * 100 payload bytes and its result took 209 bytes beyond their frames.
     */
    static final int JOB_OVERHEAD = 95;
    static final int RESULT_BYTES = 14;

    private final SyntheticTree tree;
    private final int payloadBytes;
    private final String description;

    SyntheticWorkload(int fanOut, int depth, long leafMicros, double irregularity, int payloadBytes) {
        if (payloadBytes < 0) {
            throw new IllegalArgumentException("a payload of " + payloadBytes + " bytes");
        }
        this.tree = new SyntheticTree(fanOut, depth, leafMicros, irregularity, true);
        if (Math.pow(fanOut, depth) >= 0x1p62) {
            throw new IllegalArgumentException("a tree of " + fanOut + "^" + depth + " leaves is too large to number its leaves");
        }
        this.payloadBytes = payloadBytes;
        this.description = String.format(java.util.Locale.ROOT, "synthetic tree %d^%d, leaves %d us (irregularity %s), %d-byte jobs",
                fanOut, depth, leafMicros, irregularity, payloadBytes);
    }

    @Override
    public int words() {
        return 2;
    }

    @Override
    public void root(long[] out, int off) {
        out[off] = 0;
        out[off + 1] = 0;
    }

    @Override
    public long cost(long[] job, int off, int children) {
        return job[off] == tree.depth() ? tree.leafNanos(job[off + 1]) : 0;
    }

    @Override
    public int children(long[] job, int off) {
        return job[off] < tree.depth() ? tree.fanOut() : 0;
    }

    @Override
    public void child(long[] job, int off, int index, long[] out, int outOff) {
        out[outOff] = job[off] + 1;
        out[outOff + 1] = job[off + 1] * tree.fanOut() + index;
    }

    @Override
    public int jobBytes() {
        return payloadBytes + JOB_OVERHEAD;
    }

    @Override
    public int resultBytes() {
        return RESULT_BYTES;
    }

    @Override
    public long size() {
        long n = 0;
        long level = 1;
        for (int l = 0; l <= tree.depth(); l++) {
            n += level;
            level *= tree.fanOut();
        }
        return n;
    }

    /** The sum of the leaves' times: what one node with one worker takes. */
    long work() {
        long sum = 0;
        for (long p = 0; p < tree.leaves(); p++) {
            sum += tree.leafNanos(p);
        }
        return sum;
    }

    @Override
    public String describe() {
        return description;
    }
}
