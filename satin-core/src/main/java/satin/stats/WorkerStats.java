package satin.stats;

/**
 * The counters of one worker. Written only by that worker, with plain stores, so counting costs
 * the spawn path one increment; other threads read them through {@link #snapshot()}, which is
 * exact once the worker is quiet and a close estimate while it runs.
 */
public final class WorkerStats {

    /** Calls this worker spawned. */
    public long spawns;
    /** Spawned calls this worker popped back from its own deque and ran. */
    public long jobsRunHere;
    /** Jobs this worker took from elsewhere (a peer's deque, or submitted from outside) and ran. */
    public long jobsRunForOthers;
    /** Probes of a peer's deque. */
    public long stealAttempts;
    /** Probes that returned a job. */
    public long steals;
    /** Syncs that found some children stolen and had to wait for them. */
    public long syncWaits;
    /** Time spent in those waits, stealing or idle. */
    public long syncWaitNanos;
    /** Time outside any job with nothing to do. */
    public long idleNanos;

    public Snapshot snapshot() {
        return new Snapshot(spawns, jobsRunHere, jobsRunForOthers, stealAttempts, steals, syncWaits,
                syncWaitNanos, idleNanos);
    }

    /** The counters at one moment, summable across workers and nodes. */
    public record Snapshot(long spawns, long jobsRunHere, long jobsRunForOthers, long stealAttempts,
            long steals, long syncWaits, long syncWaitNanos, long idleNanos) {

        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0);

        public Snapshot plus(Snapshot o) {
            return new Snapshot(spawns + o.spawns, jobsRunHere + o.jobsRunHere,
                    jobsRunForOthers + o.jobsRunForOthers, stealAttempts + o.stealAttempts,
                    steals + o.steals, syncWaits + o.syncWaits, syncWaitNanos + o.syncWaitNanos,
                    idleNanos + o.idleNanos);
        }

        /** Every job run, wherever it came from. */
        public long jobsRun() {
            return jobsRunHere + jobsRunForOthers;
        }
    }
}
