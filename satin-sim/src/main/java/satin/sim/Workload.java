package satin.sim;

/**
 * A tree of jobs, generated as the simulation runs: a job is a few longs ({@link #words()}) from
 * which its cost and its children follow, so that a tree of a hundred million jobs is never held
 * at once, only the jobs waiting in deques, frames and messages. A job first computes for its
 * cost, then spawns its children in order and syncs them, as a spawning method of the
 * divide-and-conquer model does.
 */
public interface Workload {

    /** How many longs describe a job. */
    int words();

    /** Writes the root job to {@code out[off..]}. */
    void root(long[] out, int off);

    /** How many children the job spawns. */
    int children(long[] job, int off);

    /** The job's own work in nanoseconds, before it spawns its {@code children} (as {@link #children} gave them). */
    long cost(long[] job, int off, int children);

    /** Writes child {@code index} of the job at {@code job[off..]} to {@code out[outOff..]}. */
    void child(long[] job, int off, int index, long[] out, int outOff);

    /** The bytes of a job that travels, as the real codec writes it. */
    int jobBytes();

    /** The bytes of a job's result that travels back. */
    int resultBytes();

    /** The number of jobs in the whole tree, or -1 if it is not known without generating it. */
    long size();

    /** What the workload is, for reports. */
    String describe();
}
