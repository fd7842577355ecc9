package satin.stats;

import java.util.List;
import java.util.Locale;

/**
 * The statistics of one node: its workers' counters, their total, the node's wall time, and the
 * number of root calls submitted to it from outside.
 */
public record NodeStats(String node, long wallNanos, long rootCalls, List<WorkerStats.Snapshot> workers) {

    public NodeStats {
        workers = List.copyOf(workers);
    }

    public WorkerStats.Snapshot total() {
        WorkerStats.Snapshot sum = WorkerStats.Snapshot.ZERO;
        for (WorkerStats.Snapshot w : workers) {
            sum = sum.plus(w);
        }
        return sum;
    }

    /** A table with a row per worker and a total, for people. */
    public String format() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "statistics of node %s (%d worker%s, %.3f s, %d root call%s)%n",
                node, workers.size(), workers.size() == 1 ? "" : "s", wallNanos / 1e9, rootCalls,
                rootCalls == 1 ? "" : "s"));
        String header = String.format(Locale.ROOT, "%-8s %14s %14s %13s %14s %10s %10s %11s %11s %10s %10s%n",
                "worker", "spawns", "run here", "run for other", "steal tries", "steals", "sync waits",
                "sync wait s", "sync idle s", "idle s", "cancelled");
        out.append(header);
        for (int i = 0; i < workers.size(); i++) {
            out.append(row(Integer.toString(i), workers.get(i)));
        }
        if (workers.size() > 1) {
            out.append(row("total", total()));
        }
        return out.toString();
    }

    private static String row(String name, WorkerStats.Snapshot s) {
        return String.format(Locale.ROOT, "%-8s %14d %14d %13d %14d %10d %10d %11.3f %11.3f %10.3f %10d%n", name,
                s.spawns(), s.jobsRunHere(), s.jobsRunForOthers(), s.stealAttempts(), s.steals(),
                s.syncWaits(), s.syncWaitNanos() / 1e9, s.syncIdleNanos() / 1e9, s.idleNanos() / 1e9, s.cancelled());
    }
}
