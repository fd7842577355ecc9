package satin.sim;

import satin.record.SpawnTree;

/**
 * A recorded application tree ({@link SpawnTree}, as the replay application reads it): a job is
 * the number of its call, its cost the call's own time (times the replay's scale), its children
 * the recorded ones.
 *
 * <p>What the simulator's model of a job loses: a call here computes all its own time before it
 * spawns, and syncs its children once, where the replay waits segment by segment between its
 * spawns and syncs (so a call of several sync groups can finish here before the tree's critical
 * path); and every job and result has the mean recorded size, where the replay gives each its own.
 */
public final class ReplayWorkload implements Workload {

    private final SpawnTree tree;
    private final double scale;
    private final int jobBytes;
    private final int resultBytes;
    private final String description;

    public ReplayWorkload(SpawnTree tree, double scale) {
        if (!(scale >= 0)) {
            throw new IllegalArgumentException("a replay scale of " + scale);
        }
        this.tree = tree;
        this.scale = scale;
        long args = 0;
        long results = 0;
        for (int i = 1; i < tree.size(); i++) {
            args += tree.argBytes(i);
            results += tree.resultBytes(i);
        }
        int jobs = Math.max(1, tree.size() - 1);
        this.jobBytes = (int) (args / jobs);
        this.resultBytes = (int) (results / jobs);
        this.description = "replay of " + tree.description() + (scale == 1 ? "" : " x" + scale) + ": " + tree.summary();
    }

    @Override
    public int words() {
        return 1;
    }

    @Override
    public void root(long[] out, int off) {
        out[off] = 0;
    }

    @Override
    public int children(long[] job, int off) {
        return tree.childCount((int) job[off]);
    }

    @Override
    public long cost(long[] job, int off, int children) {
        return (long) (tree.ownNanos((int) job[off]) * scale);
    }

    @Override
    public void child(long[] job, int off, int index, long[] out, int outOff) {
        out[outOff] = tree.child((int) job[off], index);
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
        return tree.size();
    }

    @Override
    public String describe() {
        return description;
    }
}
