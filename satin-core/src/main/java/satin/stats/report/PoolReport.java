package satin.stats.report;

import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import satin.net.Traffic;
import satin.runtime.ActivityTrace;
import satin.stats.NodeStats;
import satin.stats.PoolStats;
import satin.stats.WorkerStats;

/** A node's statistics as JSON: workers, stealing across nodes, traffic, and the activity trace. */
public final class PoolReport {

    private PoolReport() {
    }

    /**
     * What one node's report is made of: who it is, its counters, its traffic and its activity,
     * and, for its round-trip matrix, each member's cluster and configured round trip.
     */
    public record Source(int node, String name, String cluster, String balancer, String balancerSettings,
            NodeStats nodeStats, PoolStats poolStats, Traffic traffic, ActivityTrace activity, long joinedNanos,
            IntFunction<String> clusterOf, IntToLongFunction configuredRoundTripNanos) {
    }

    public static String json(Source p) {
        NodeStats n = p.nodeStats();
        WorkerStats.Snapshot t = n.total();
        PoolStats s = p.poolStats();
        StringBuilder b = new StringBuilder(256);
        b.append('{');
        field(b, "node", p.node());
        string(b, "name", p.name());
        string(b, "cluster", p.cluster());
        string(b, "balancer", p.balancer());
        string(b, "balancerSettings", p.balancerSettings());
        field(b, "workers", n.workers().size());
        field(b, "wallNanos", n.wallNanos());
        field(b, "spawns", t.spawns());
        field(b, "jobsRun", t.jobsRun());
        field(b, "localStealAttempts", t.stealAttempts());
        field(b, "localSteals", t.steals());
        field(b, "syncWaits", t.syncWaits());
        field(b, "syncWaitNanos", t.syncWaitNanos());
        field(b, "syncIdleNanos", t.syncIdleNanos());
        field(b, "idleNanos", t.idleNanos());
        field(b, "remoteStealRequests", s.stealRequestsSent.get());
        field(b, "remoteSteals", s.stealRepliesWithJob.get());
        field(b, "remoteStealsEmpty", s.stealRepliesEmpty.get());
        field(b, "stealWaitNanos", s.stealWaitNanos.get());
        field(b, "stealRequestsReceived", s.stealRequestsReceived.get());
        field(b, "jobsGiven", s.jobsGiven.get());
        field(b, "chunkJobsGiven", s.chunkJobsGiven.get());
        field(b, "wanChunkJobsGiven", s.wanChunkJobsGiven.get());
        field(b, "resultsSent", s.resultsSent.get());
        field(b, "resultsReceived", s.resultsReceived.get());
        field(b, "jobsRerun", s.jobsRerun.get());
        field(b, "jobsRefused", s.jobsRefused.get());
        field(b, "failuresDetected", s.failuresDetected.get());
        field(b, "detectionNanos", s.detectionNanos.get());
        field(b, "jobsAbandoned", s.jobsAbandoned.get());
        field(b, "jobsThrownAway", s.jobsThrownAway.get());
        field(b, "orphanResultsKept", s.orphanResultsKept.get());
        field(b, "orphanResultsReused", s.orphanResultsReused.get());
        field(b, "lanStealRequests", s.lanStealRequests.get());
        field(b, "lanSteals", s.lanSteals.get());
        field(b, "wanStealRequests", s.wanStealRequests.get());
        field(b, "wanSteals", s.wanSteals.get());
        field(b, "prefetchRequests", s.prefetchRequests.get());
        field(b, "prefetched", s.prefetched.get());
        field(b, "stealRequestsPassedOn", s.stealRequestsPassedOn.get());
        field(b, "jobsPushed", s.jobsPushed.get());
        field(b, "pushesReceived", s.pushesReceived.get());
        field(b, "notesSent", s.notesSent.get());
        field(b, "notesReceived", s.notesReceived.get());
        traffic(b, p.traffic());
        ActivityTrace trace = p.activity();
        long[] times = trace.times();
        boolean[] states = trace.states();
        field(b, "activityOriginEpochMicros", trace.originEpochMicros());
        field(b, "joinedNanos", p.joinedNanos());
        field(b, "activityTransitions", trace.transitions());
        b.append("\"activity\":[");
        for (int i = 0; i < times.length; i++) {
            b.append(i > 0 ? "," : "").append('[').append(times[i]).append(',').append(states[i] ? 1 : 0).append(']');
        }
        b.append("],");
        // after the activity: PoolSummary reads the flat fields before it, and these are not the node's
        s.roundTrips.json(b, p.clusterOf(), p.configuredRoundTripNanos());
        b.append('}');
        return b.toString();
    }

    /**
     * The traffic fields, all from one snapshot: counters read one by one while messages still
     * go (the statistics themselves, late replies) would give totals that are not the sums of
     * their LAN and WAN parts.
     */
    static void traffic(StringBuilder b, Traffic traffic) {
        Traffic.Snapshot t = traffic.snapshot();
        counts(b, "", t.total());
        field(b, "heartbeatsSent", t.heartbeatsOut());
        field(b, "heartbeatsReceived", t.heartbeatsIn());
        counts(b, "lan", t.lan());
        counts(b, "wan", t.wan());
    }

    /** A link class's fields, {@code lanMessagesSent} and so on; the totals' have no prefix. */
    private static void counts(StringBuilder b, String linkClass, Traffic.Counts c) {
        field(b, key(linkClass, "messagesSent"), c.messagesOut());
        field(b, key(linkClass, "messagesReceived"), c.messagesIn());
        field(b, key(linkClass, "bytesSent"), c.bytesOut());
        field(b, key(linkClass, "bytesReceived"), c.bytesIn());
    }

    private static String key(String prefix, String name) {
        return prefix.isEmpty() ? name : prefix + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static void field(StringBuilder b, String key, long value) {
        b.append('"').append(key).append("\":").append(value).append(',');
    }

    private static void string(StringBuilder b, String key, String value) {
        b.append('"').append(key).append("\":\"").append(escape(value)).append("\",");
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
