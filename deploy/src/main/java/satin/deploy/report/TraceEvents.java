package satin.deploy.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.stats.report.NodeCounter;
import satin.stats.report.NodeReport;
import satin.stats.report.Timeline;

/**
 * A run's activity as a timeline in the Chrome trace-event format (its JSON object form), which
 * Perfetto (ui.perfetto.dev) and chrome://tracing open: a process per node, named by node and
 * cluster and sorted by cluster, with a track of the node as a whole ({@link #RUNNING} while any
 * of its workers runs a job, {@link #IDLE} while none does: {@link ActivitySpans}), a track per
 * worker with its running, stealing and idle spans ({@link WorkerTracks}), tracks of the jobs it
 * gave and got and of its failed steal requests, with an arrow from each job's giver to its taker
 * ({@link JobMoves}), and counters of its messages and failed requests per interval
 * ({@link IntervalTracks}); the node's counters as the arguments of a {@link #TOTALS} mark at its
 * end; and, in a process of its own, how many nodes were busy over time. Times are microseconds
 * from the run's origin: the earliest node's start on the wall clock for a real run, the start for
 * a simulated one.
 *
 * <p>What runs do not record is not drawn, and the file says what that is ({@link #NOT_SHOWN}),
 * and how much a node recorded but could not keep.
 */
public final class TraceEvents {

    static final String RUNNING = "running";
    static final String IDLE = "idle";
    static final String TOTALS = "totals";
    static final String STOPPED = "trace stopped recording";
    static final String BUSY_NODES = "busy nodes";
    /** The process of the run as a whole, before every node's. */
    static final int RUN_PID = 0;
    /** The track of a node's activity as a whole; its workers' and its steals' follow. */
    static final int ACTIVITY_TID = 1;
    static final String NOT_SHOWN = "steals between the workers of one node (each worker's running spans show the jobs"
            + " it took, its node's totals count them), which worker ran a job that came from another node (an arrow"
            + " ends on the taker's steals track), and messages one by one (counted per interval)";

    private static final JsonFactory JSON = new JsonFactory();

    private TraceEvents() {
    }

    /** Writes {@code run}'s trace to {@code file}; returns the file. */
    public static Path write(RunData run, Path file) throws IOException {
        Map<String, String> about = new LinkedHashMap<>();
        about.put("run", run.name());
        about.put("workload", run.workload());
        about.put("balancer", run.balancer());
        about.put("wan", run.wan());
        about.put("clusters", Integer.toString(run.clusters()));
        about.put("nodes", Integer.toString(run.nodes()));
        about.put("repetition", Integer.toString(run.repetition()));
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(about, run.reports(), out);
        }
        return file;
    }

    /** The trace of {@code nodes}, with {@code about} (what run this is) among its metadata. */
    static void write(Map<String, String> about, List<NodeReport> nodes, Writer out) throws IOException {
        List<NodeReport> sorted = byCluster(nodes);
        long origin = sorted.stream().mapToLong(n -> n.activity().originEpochMicros()).min().orElse(0);
        long runEnd = 0;
        for (NodeReport n : sorted) {
            runEnd = Math.max(runEnd, shift(n, origin) + lastRecorded(n));
        }
        List<ActivitySpans> spans = new ArrayList<>();
        for (NodeReport n : sorted) {
            spans.add(ActivitySpans.of(n.activity(), shift(n, origin), runEnd));
        }
        JobMoves moves = JobMoves.of(sorted);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            TraceWriter w = new TraceWriter(g);
            g.writeStartObject();
            g.writeArrayFieldStart("traceEvents");
            w.metadata("process_name", RUN_PID, 0, "name", "run: " + about.getOrDefault("workload", "?") + ", "
                    + about.getOrDefault("balancer", "?"));
            w.metadata("process_sort_index", RUN_PID, 0, "sort_index", -1);
            busyNodes(w, spans);
            for (int i = 0; i < sorted.size(); i++) {
                NodeReport n = sorted.get(i);
                node(w, i + 1, n, spans.get(i), moves, shift(n, origin), runEnd);
            }
            g.writeEndArray();
            g.writeStringField("displayTimeUnit", "ms");
            g.writeObjectFieldStart("otherData");
            for (Map.Entry<String, String> e : about.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeStringField("clock", origin == 0 ? "simulated, from the start"
                    : "wall clock, from " + Instant.ofEpochSecond(origin / 1_000_000, origin % 1_000_000 * 1000));
            g.writeStringField("notShown", NOT_SHOWN);
            g.writeStringField("notKept", TraceLosses.describe(sorted, moves));
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    /** The last time {@code n} recorded anything, on its own time line. */
    private static long lastRecorded(NodeReport n) {
        long[] times = n.activity().times();
        long last = Math.max(n.activity().joinedNanos(), times.length == 0 ? 0 : times[times.length - 1]);
        for (Timeline.Worker w : n.timeline().workers()) {
            last = Math.max(last, w.offsets().length == 0 ? 0 : w.offsets()[w.offsets().length - 1]);
        }
        for (Timeline.Move m : n.timeline().moves()) {
            last = Math.max(last, m.end());
        }
        return last;
    }

    /** Nanoseconds from the run's origin to the node's. */
    private static long shift(NodeReport n, long origin) {
        return (n.activity().originEpochMicros() - origin) * 1000;
    }

    /** Clusters in the order their first nodes come, and nodes by number within them. */
    static List<NodeReport> byCluster(List<NodeReport> nodes) {
        List<NodeReport> byNumber = nodes.stream().sorted(Comparator.comparingInt(NodeReport::node)).toList();
        List<String> clusters = byNumber.stream().map(NodeReport::cluster).distinct().toList();
        return byNumber.stream().sorted(Comparator.comparingInt(n -> clusters.indexOf(n.cluster()))).toList();
    }

    private static void node(TraceWriter w, int pid, NodeReport n, ActivitySpans a, JobMoves moves, long shift,
            long runEnd) throws IOException {
        w.metadata("process_name", pid, 0, "name", n.name() + " (cluster " + n.cluster() + ")");
        w.metadata("process_sort_index", pid, 0, "sort_index", pid);
        w.thread(pid, ACTIVITY_TID, n.workers() + (n.workers() == 1 ? " worker" : " workers")
                + ": running while any runs a job");
        for (ActivitySpans.Span s : a.spans()) {
            w.complete(s.running() ? RUNNING : IDLE, s.start(), s.end(), pid, ACTIVITY_TID, null);
        }
        if (a.truncated()) {
            Map<String, Long> kept = new LinkedHashMap<>();
            kept.put("kept", (long) n.activity().times().length);
            kept.put("transitions", n.activity().transitions());
            w.instant(STOPPED, a.end(), pid, ACTIVITY_TID, kept);
        }
        Map<String, Long> totals = new LinkedHashMap<>();
        totals.put("workers", (long) n.workers());
        for (NodeCounter c : NodeCounter.values()) {
            Long v = n.counters().get(c);
            if (v != null) {
                totals.put(c.key(), v);
            }
        }
        w.instant(TOTALS, a.end(), pid, ACTIVITY_TID, totals);
        List<Timeline.Worker> workers = n.timeline().workers();
        WorkerTracks.write(w, pid, ACTIVITY_TID + 1, workers, shift, runEnd);
        moves.write(w, n, pid, ACTIVITY_TID + 1 + workers.size(), shift);
        IntervalTracks.write(w, pid, n.timeline(), shift);
    }

    /** How many nodes were running, at each instant it changed. */
    private static void busyNodes(TraceWriter w, List<ActivitySpans> nodes) throws IOException {
        List<long[]> steps = new ArrayList<>();
        for (ActivitySpans a : nodes) {
            for (ActivitySpans.Span s : a.spans()) {
                if (s.running()) {
                    steps.add(new long[] {s.start(), 1});
                    steps.add(new long[] {s.end(), -1});
                }
            }
        }
        steps.sort(Comparator.comparingLong(s -> s[0]));
        long busy = 0;
        for (int i = 0; i < steps.size(); i++) {
            busy += steps.get(i)[1];
            if (i + 1 == steps.size() || steps.get(i + 1)[0] != steps.get(i)[0]) { // one value an instant
                w.counter(BUSY_NODES, steps.get(i)[0], RUN_PID, Map.of("nodes", busy));
            }
        }
    }
}
