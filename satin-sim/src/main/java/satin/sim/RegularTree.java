package satin.sim;

import java.util.Locale;
import java.util.function.LongUnaryOperator;

/**
 * A regular tree of jobs: {@code fanOut} children per job down to {@code depth}, inner jobs that
 * only spawn and sync, and leaves whose time follows from their place in the tree alone. It is the
 * shape of the balancer comparisons' synthetic tree, without the application: whoever binds an
 * application to it gives the leaves' times and the bytes a job and a result take, so that the
 * simulator knows no application. A job is its level and its path (the leaf's number in base
 * {@code fanOut}).
 */
public final class RegularTree implements Workload {

    private final int fanOut;
    private final int depth;
    private final LongUnaryOperator leafNanos;
    private final int jobBytes;
    private final int resultBytes;
    private final String description;

    /**
     * @param leafNanos   a leaf's time in nanoseconds from its path, the same for the same path
     * @param jobBytes    the bytes of a job that travels
     * @param resultBytes the bytes of its result
     * @param description what the tree is, for reports
     */
    public RegularTree(int fanOut, int depth, LongUnaryOperator leafNanos, int jobBytes, int resultBytes,
            String description) {
        if (fanOut < 1 || depth < 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a tree of fan-out %d and depth %d", fanOut, depth));
        }
        if (Math.pow(fanOut, depth) >= 0x1p62) {
            throw new IllegalArgumentException("a tree of " + fanOut + "^" + depth + " leaves is too large to number its leaves");
        }
        this.fanOut = fanOut;
        this.depth = depth;
        this.leafNanos = leafNanos;
        this.jobBytes = jobBytes;
        this.resultBytes = resultBytes;
        this.description = description;
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
        return job[off] == depth ? leafNanos.applyAsLong(job[off + 1]) : 0;
    }

    @Override
    public int children(long[] job, int off) {
        return job[off] < depth ? fanOut : 0;
    }

    @Override
    public void child(long[] job, int off, int index, long[] out, int outOff) {
        out[outOff] = job[off] + 1;
        out[outOff + 1] = job[off + 1] * fanOut + index;
    }

    @Override
    public int jobBytes() {
        return jobBytes;
    }

    @Override
    public int resultBytes() {
        return resultBytes;
    }

    @Override
    public long size() {
        long n = 0;
        long level = 1;
        for (int l = 0; l <= depth; l++) {
            n += level;
            level *= fanOut;
        }
        return n;
    }

    /** The sum of the leaves' times: what one node with one worker takes. */
    public long work() {
        long sum = 0;
        for (long p = 0, leaves = leaves(); p < leaves; p++) {
            sum += leafNanos.applyAsLong(p);
        }
        return sum;
    }

    /** fanOut^depth. */
    private long leaves() {
        long n = 1;
        for (int l = 0; l < depth; l++) {
            n *= fanOut;
        }
        return n;
    }

    @Override
    public String describe() {
        return description;
    }
}
