package satin.stats.report;

import static satin.stats.report.NodeCounter.*;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import satin.net.Traffic;
import satin.runtime.ActivityTrace;
import satin.stats.NodeStats;
import satin.stats.PoolStats;
import satin.stats.WorkerStateLog;
import satin.stats.WorkerStats;

/** A node's statistics as JSON: workers, stealing across nodes, traffic, and the activity trace. */
public final class PoolReport {

    private PoolReport() {
    }

    /**
     * What one node's report is made of: who it is, its counters, its traffic and its activity,
     * for its round-trip matrix each member's cluster and configured round trip, and its workers'
     * states (none if it records no timeline).
     */
    public record Source(int node, String name, String cluster, String balancer, String balancerSettings,
            NodeStats nodeStats, PoolStats poolStats, Traffic traffic, ActivityTrace activity, long joinedNanos,
            IntFunction<String> clusterOf, IntToLongFunction configuredRoundTripNanos, List<WorkerStateLog> workerStates) {
    }

    public static String json(Source p) {
        return StatsFile.node(report(p));
    }

    /**
     * The node's report in at most {@code maxBytes} of UTF-8, as a frame limits it: a long run's
     * activity, worker states and moves (all three full, late in a run: 22.3 MB) keep the first
     * half of what they recorded, then the first quarter, and so on until it fits, the rest
     * counted as not kept, and a warning says so. Else the master's end would refuse the frame,
     * and the run's statistics would lack the node.
     *
     * @throws IllegalStateException if it does not fit with nothing of them kept
     */
    public static String json(Source p, int maxBytes) {
        return fitted(report(p), maxBytes);
    }

    /** {@link #json(Source, int)} of a report made already. */
    static String fitted(NodeReport full, int maxBytes) {
        String json = StatsFile.node(full);
        double share = 1;
        while (json.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > maxBytes) {
            if (share == 0) {
                throw new IllegalStateException("node " + full.name() + "'s report does not fit " + maxBytes
                        + " bytes even without its timeline");
            }
            share = share < 1e-6 ? 0 : share / 2;
            json = StatsFile.node(full.keeping(share));
        }
        if (share < 1) {
            System.getLogger("satin.stats").log(System.Logger.Level.WARNING, "node {0} reports the first {1}% of its"
                    + " activity, worker states and moves: all of them make a report larger than a frame of {2} bytes",
                    full.name(), share * 100, maxBytes);
        }
        return json;
    }

    /** The node's entry of {@code stats.json}, in the schema the simulator writes too. */
    public static NodeReport report(Source p) {
        NodeStats n = p.nodeStats();
        Map<NodeCounter, Long> c = new EnumMap<>(NodeCounter.class);
        workers(c, n.total());
        pool(c, p.poolStats());
        c.putAll(traffic(p.traffic()));
        ActivityTrace trace = p.activity();
        NodeReport.Activity activity = new NodeReport.Activity(trace.originEpochMicros(), p.joinedNanos(),
                trace.transitions(), trace.times(), trace.states());
        return new NodeReport(p.node(), p.name(), p.cluster(), p.balancer(), p.balancerSettings(), n.workers().size(),
                n.wallNanos(), c, activity, p.poolStats().roundTrips.rows(p.clusterOf(), p.configuredRoundTripNanos()),
                timeline(p));
    }

    /** The workers' states and the jobs moved, on the activity trace's time line, as the node has them now. */
    private static Timeline timeline(Source p) {
        return new Timeline(p.workerStates().stream().map(Timeline.Worker::of).toList(),
                Timeline.Move.of(p.poolStats().steals), p.poolStats().steals.dropped(),
                Timeline.Intervals.of(p.traffic().overTime(), p.activity().offsetOf(p.traffic().originNanos())),
                Timeline.Intervals.of(p.poolStats().steals.failed(), 0));
    }

    private static void workers(Map<NodeCounter, Long> c, WorkerStats.Snapshot t) {
        c.put(SPAWNS, t.spawns());
        c.put(JOBS_RUN, t.jobsRun());
        c.put(LOCAL_STEAL_ATTEMPTS, t.stealAttempts());
        c.put(LOCAL_STEALS, t.steals());
        c.put(SYNC_WAITS, t.syncWaits());
        c.put(SYNC_WAIT_NANOS, t.syncWaitNanos());
        c.put(SYNC_IDLE_NANOS, t.syncIdleNanos());
        c.put(IDLE_NANOS, t.idleNanos());
        c.put(JOBS_CANCELLED, t.cancelled());
    }

    private static void pool(Map<NodeCounter, Long> c, PoolStats s) {
        c.put(REMOTE_STEAL_REQUESTS, s.stealRequestsSent.get());
        c.put(REMOTE_STEALS, s.stealRepliesWithJob.get());
        c.put(REMOTE_STEALS_EMPTY, s.stealRepliesEmpty.get());
        c.put(STEAL_WAIT_NANOS, s.stealWaitNanos.get());
        c.put(STEAL_REQUESTS_RECEIVED, s.stealRequestsReceived.get());
        c.put(JOBS_GIVEN, s.jobsGiven.get());
        c.put(CHUNK_JOBS_GIVEN, s.chunkJobsGiven.get());
        c.put(WAN_CHUNK_JOBS_GIVEN, s.wanChunkJobsGiven.get());
        c.put(RESULTS_SENT, s.resultsSent.get());
        c.put(RESULTS_RECEIVED, s.resultsReceived.get());
        c.put(JOBS_RERUN, s.jobsRerun.get());
        c.put(JOBS_REFUSED, s.jobsRefused.get());
        c.put(FAILURES_DETECTED, s.failuresDetected.get());
        c.put(DETECTION_NANOS, s.detectionNanos.get());
        c.put(JOBS_ABANDONED, s.jobsAbandoned.get());
        c.put(JOBS_THROWN_AWAY, s.jobsThrownAway.get());
        c.put(ORPHAN_RESULTS_KEPT, s.orphanResultsKept.get());
        c.put(ORPHAN_RESULTS_REUSED, s.orphanResultsReused.get());
        c.put(LAN_STEAL_REQUESTS, s.lanStealRequests.get());
        c.put(LAN_STEALS, s.lanSteals.get());
        c.put(WAN_STEAL_REQUESTS, s.wanStealRequests.get());
        c.put(WAN_STEALS, s.wanSteals.get());
        c.put(PREFETCH_REQUESTS, s.prefetchRequests.get());
        c.put(PREFETCHED, s.prefetched.get());
        c.put(STEAL_REQUESTS_PASSED_ON, s.stealRequestsPassedOn.get());
        c.put(JOBS_PUSHED, s.jobsPushed.get());
        c.put(PUSHES_RECEIVED, s.pushesReceived.get());
        c.put(NOTES_SENT, s.notesSent.get());
        c.put(NOTES_RECEIVED, s.notesReceived.get());
    }

    /**
     * The traffic counters, all from one snapshot: counters read one by one while messages still
     * go (the statistics themselves, late replies) would give totals that are not the sums of
     * their LAN and WAN parts.
     */
    static Map<NodeCounter, Long> traffic(Traffic traffic) {
        Traffic.Snapshot t = traffic.snapshot();
        Map<NodeCounter, Long> c = new EnumMap<>(NodeCounter.class);
        counts(c, t.total(), MESSAGES_SENT, MESSAGES_RECEIVED, BYTES_SENT, BYTES_RECEIVED);
        c.put(HEARTBEATS_SENT, t.heartbeatsOut());
        c.put(HEARTBEATS_RECEIVED, t.heartbeatsIn());
        counts(c, t.lan(), LAN_MESSAGES_SENT, LAN_MESSAGES_RECEIVED, LAN_BYTES_SENT, LAN_BYTES_RECEIVED);
        counts(c, t.wan(), WAN_MESSAGES_SENT, WAN_MESSAGES_RECEIVED, WAN_BYTES_SENT, WAN_BYTES_RECEIVED);
        return c;
    }

    /** The traffic fields as they sit inside a report, each followed by a comma: for a report built piece by piece. */
    static void traffic(StringBuilder b, Traffic traffic) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = StatsFile.JSON.createGenerator(out)) {
            g.writeStartObject();
            StatsFile.counters(g, traffic(traffic));
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        String object = out.toString();
        b.append(object, 1, object.length() - 1).append(',');
    }

    private static void counts(Map<NodeCounter, Long> c, Traffic.Counts n, NodeCounter messagesOut,
            NodeCounter messagesIn, NodeCounter bytesOut, NodeCounter bytesIn) {
        c.put(messagesOut, n.messagesOut());
        c.put(messagesIn, n.messagesIn());
        c.put(bytesOut, n.bytesOut());
        c.put(bytesIn, n.bytesIn());
    }
}
