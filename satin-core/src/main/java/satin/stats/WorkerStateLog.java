package satin.stats;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The states one worker went through, each with when it began: {@link #RUNNING} a job,
 * {@link #STEALING} (looking for work, among its peers and through its node's balancer, from the
 * moment it has none until it gets a job or parks) and {@link #IDLE} (parked, having found none).
 * The raw material of a worker's track on the run's timeline.
 *
 * <p>Written by its worker alone, read by any thread: an entry is written before the size that
 * publishes it, with release semantics, so a reader sees whole entries without a lock on the
 * worker's path. Bounded: it keeps the first {@code capacity} changes and counts the rest as
 * dropped, so that a long run costs no more memory, and no longer a report, than a short one.
 */
public final class WorkerStateLog {

    public static final int RUNNING = 0;
    public static final int STEALING = 1;
    public static final int IDLE = 2;

    private static final VarHandle SIZE;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            SIZE = l.findVarHandle(WorkerStateLog.class, "size", int.class);
            DROPPED = l.findVarHandle(WorkerStateLog.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int capacity;
    /** Replaced, grown, before the size that covers its new entries is published. */
    private volatile long[] entries;
    private int size;
    private long dropped;
    /** The state last entered, kept or dropped: a state entered again is no change. */
    private int last = -1;

    /** A log that keeps at most {@code capacity} changes, growing to it as they come. */
    public WorkerStateLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a worker's state log keeps at least one change, not " + capacity);
        }
        this.capacity = capacity;
        this.entries = new long[Math.min(capacity, 16)];
    }

    /** The worker entered {@code state} at {@code offsetNanos} (0 or more) on its node's time line. */
    public void enter(int state, long offsetNanos) {
        if (state == last) {
            return;
        }
        last = state;
        int n = size;
        if (n == capacity) {
            DROPPED.setRelease(this, dropped + 1);
            return;
        }
        long[] e = entries;
        if (n == e.length) {
            e = Arrays.copyOf(e, (int) Math.min(capacity, 2L * n));
            entries = e;
        }
        e[n] = Math.max(0, offsetNanos) << 2 | state;
        SIZE.setRelease(this, n + 1);
    }

    /** The changes kept, oldest first, each packed: see {@link #offset} and {@link #state}. */
    public long[] entries() {
        int n = (int) SIZE.getAcquire(this);
        return Arrays.copyOf(entries, n); // read after the size: as new as the entries it covers
    }

    /** Changes that came once the log was full. */
    public long dropped() {
        return (long) DROPPED.getAcquire(this);
    }

    public int capacity() {
        return capacity;
    }

    /** When the change of a packed entry happened, in nanoseconds on its node's time line. */
    public static long offset(long entry) {
        return entry >>> 2;
    }

    /** The state a packed entry entered. */
    public static int state(long entry) {
        return (int) (entry & 3);
    }

    /**
     * How many changes each of a node's {@code workers} keeps: a node's budget shared among them,
     * so that a node's report stays within its bound however many workers it has.
     */
    public static int capacityPerWorker(int workers, int nodeBudget) {
        return Math.max(256, nodeBudget / Math.max(1, workers));
    }
}
