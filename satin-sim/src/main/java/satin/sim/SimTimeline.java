package satin.sim;

import satin.stats.IntervalCounts;
import satin.stats.StealLog;
import satin.stats.WorkerStateLog;

/**
 * What a simulated node records for its timeline, in the recorders a real node uses: its workers'
 * states, the jobs it moved and its failed steal requests, and its messages per interval. The
 * bounds are a real node's, shrunk so that all nodes together keep about as much as the run's
 * activity traces ({@link SimConfig#traceLimit}): thousands of nodes each keeping a real node's
 * would not fit in memory, nor their report in a file.
 */
final class SimTimeline {

    /** Fewer than a real node's: a simulated run's intervals are many nodes' worth already. */
    static final int INTERVALS = 64;
    private static final int WORKER_STATES_PER_NODE = 1 << 17;

    final StealLog steals;
    /** Series {@link satin.net.Traffic#SENT} and {@link satin.net.Traffic#RECEIVED}, frames as the real count goes. */
    final IntervalCounts messages = new IntervalCounts(2, INTERVALS);
    private final int perWorker;

    SimTimeline(SimConfig config, int workers) {
        long perNode = config.traceLimit() / Math.max(1, config.topology().nodes());
        this.steals = new StealLog((int) Math.max(64, Math.min(StealLog.CAPACITY, perNode)), INTERVALS);
        this.perWorker = WorkerStateLog.capacityPerWorker(workers, (int) Math.min(WORKER_STATES_PER_NODE, perNode));
    }

    /** A log for one of the node's workers. */
    WorkerStateLog workerLog() {
        return new WorkerStateLog(perWorker);
    }
}
