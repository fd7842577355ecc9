package satin.stats;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The counters of one worker. Written with plain stores, by the worker itself or (for
 * {@link #stolenFromMe}) by a thief holding the worker's deque lock, but for {@link #cancelled},
 * an atomic; none is on the spawn path (the deque counts pushes next to its head). Other threads read them through {@link #snapshot()}, which is
 * exact once the worker is quiet and a close estimate while it runs.
 */
public final class WorkerStats {

    /** Of the calls this worker spawned (its deque counts them), the ones thieves took. */
    public long stolenFromMe;
    /** Jobs this worker took from elsewhere (a peer's deque, or submitted from outside) and ran. */
    public long jobsRunForOthers;
    /** Probes of a peer's deque. */
    public long stealAttempts;
    /** Probes that returned a job. */
    public long steals;
    /** Syncs that found a child still away and had to wait for it. */
    public long syncWaits;
    /** Time spent in those waits, running other work or idle. */
    public long syncWaitNanos;
    /** Of that, the time with nothing to run: what stealing failed to hide. */
    public long syncIdleNanos;
    /** Time outside any job with nothing to do. */
    public long idleNanos;
    /**
     * Of the calls this worker spawned, the ones cancelled because an earlier spawn of the same
     * invocation failed (docs/decisions/0052): dropped before they ran, or, if a thief had them,
     * told to stop. Counted by the worker, by thieves and by the thread that learns of the failure,
     * at once, and never on the spawn path: so an atomic counter.
     */
    public final AtomicLong cancelled = new AtomicLong();

    /** @param spawns the calls this worker spawned, as its deque counted them */
    public Snapshot snapshot(long spawns) {
        return new Snapshot(spawns, stolenFromMe, jobsRunForOthers, stealAttempts, steals, syncWaits,
                syncWaitNanos, syncIdleNanos, idleNanos, cancelled.get());
    }

    /** The counters at one moment, summable across workers and nodes. */
    public record Snapshot(long spawns, long stolenFromMe, long jobsRunForOthers, long stealAttempts,
            long steals, long syncWaits, long syncWaitNanos, long syncIdleNanos, long idleNanos, long cancelled) {

        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        public Snapshot plus(Snapshot o) {
            return new Snapshot(spawns + o.spawns, stolenFromMe + o.stolenFromMe,
                    jobsRunForOthers + o.jobsRunForOthers, stealAttempts + o.stealAttempts,
                    steals + o.steals, syncWaits + o.syncWaits, syncWaitNanos + o.syncWaitNanos,
                    syncIdleNanos + o.syncIdleNanos, idleNanos + o.idleNanos, cancelled + o.cancelled);
        }

        /**
         * Spawns this worker ran itself (every spawn runs exactly once: here, or stolen), counting
         * those it gave up unrun after an earlier spawn failed (decision 0052) as run here.
         */
        public long jobsRunHere() {
            return spawns - stolenFromMe;
        }

        /** Every job run, wherever it came from. */
        public long jobsRun() {
            return jobsRunHere() + jobsRunForOthers;
        }
    }
}
