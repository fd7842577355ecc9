package satin.deploy.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
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

/**
 * A run's activity as a timeline in the Chrome trace-event format (its JSON object form), which
 * Perfetto (ui.perfetto.dev) and chrome://tracing open: a process per node, named by node and
 * cluster and sorted by cluster, whose one track shows {@link #RUNNING} and {@link #IDLE} spans
 * ({@link ActivitySpans}); the node's counters as the arguments of a {@link #TOTALS} mark at its
 * end; and, in a process of its own, how many nodes were busy over time. Times are microseconds
 * from the run's origin: the earliest node's start on the wall clock for a real run, the start for
 * a simulated one.
 *
 * <p>Runs record when each node became busy or idle, not each worker, nor when a steal or a
 * message happened ({@link #NOT_SHOWN}); the trace shows what is recorded and says what is not.
 */
public final class TraceEvents {

    static final String RUNNING = "running";
    static final String IDLE = "idle";
    static final String TOTALS = "totals";
    static final String STOPPED = "trace stopped recording";
    static final String BUSY_NODES = "busy nodes";
    /** The process of the run as a whole, before every node's. */
    static final int RUN_PID = 0;
    /** The track of a node's activity, the only one a node has. */
    static final int ACTIVITY_TID = 1;
    static final String NOT_SHOWN = "per worker activity (a node's track is running while any of its workers runs a job),"
            + " stealing as a state of its own, and steals and messages between nodes with their times: runs count"
            + " them per node (see each node's totals) but do not record when they happened";

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
            long[] times = n.activity().times();
            long last = Math.max(n.activity().joinedNanos(), times.length == 0 ? 0 : times[times.length - 1]);
            runEnd = Math.max(runEnd, shift(n, origin) + last);
        }
        List<ActivitySpans> spans = new ArrayList<>();
        for (NodeReport n : sorted) {
            spans.add(ActivitySpans.of(n.activity(), shift(n, origin), runEnd));
        }
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("traceEvents");
            metadata(g, "process_name", RUN_PID, 0, "name", "run: " + about.getOrDefault("workload", "?") + ", "
                    + about.getOrDefault("balancer", "?"));
            metadata(g, "process_sort_index", RUN_PID, 0, "sort_index", -1);
            busyNodes(g, spans);
            for (int i = 0; i < sorted.size(); i++) {
                node(g, i + 1, sorted.get(i), spans.get(i));
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
            g.writeEndObject();
            g.writeEndObject();
        }
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

    private static void node(JsonGenerator g, int pid, NodeReport n, ActivitySpans a) throws IOException {
        metadata(g, "process_name", pid, 0, "name", n.name() + " (cluster " + n.cluster() + ")");
        metadata(g, "process_sort_index", pid, 0, "sort_index", pid);
        metadata(g, "thread_name", pid, ACTIVITY_TID, "name", n.workers() + (n.workers() == 1 ? " worker" : " workers")
                + ": running while any runs a job");
        for (ActivitySpans.Span s : a.spans()) {
            g.writeStartObject();
            head(g, s.running() ? RUNNING : IDLE, "X", s.start(), pid, ACTIVITY_TID);
            g.writeFieldName("dur");
            micros(g, s.end() - s.start());
            g.writeEndObject();
        }
        if (a.truncated()) {
            instant(g, STOPPED, a.end(), pid);
            g.writeNumberField("kept", n.activity().times().length);
            g.writeNumberField("transitions", n.activity().transitions());
            g.writeEndObject();
            g.writeEndObject();
        }
        instant(g, TOTALS, a.end(), pid);
        g.writeNumberField("workers", n.workers());
        for (NodeCounter c : NodeCounter.values()) {
            Long v = n.counters().get(c);
            if (v != null) {
                g.writeNumberField(c.key(), v);
            }
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** How many nodes were running, at each instant it changed. */
    private static void busyNodes(JsonGenerator g, List<ActivitySpans> nodes) throws IOException {
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
                g.writeStartObject();
                head(g, BUSY_NODES, "C", steps.get(i)[0], RUN_PID, 0);
                g.writeObjectFieldStart("args");
                g.writeNumberField("nodes", busy);
                g.writeEndObject();
                g.writeEndObject();
            }
        }
    }

    /** Opens an instant event on the node's track and its {@code args}, which the caller closes, then the event. */
    private static void instant(JsonGenerator g, String name, long at, int pid) throws IOException {
        g.writeStartObject();
        head(g, name, "i", at, pid, ACTIVITY_TID);
        g.writeStringField("s", "t");
        g.writeObjectFieldStart("args");
    }

    /** A metadata event whose one argument is {@code key}: a text, or a number if {@code value} is an Integer. */
    private static void metadata(JsonGenerator g, String kind, int pid, int tid, String key, Object value)
            throws IOException {
        g.writeStartObject();
        head(g, kind, "M", 0, pid, tid);
        g.writeObjectFieldStart("args");
        if (value instanceof Integer i) {
            g.writeNumberField(key, i);
        } else {
            g.writeStringField(key, String.valueOf(value));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void head(JsonGenerator g, String name, String phase, long nanos, int pid, int tid)
            throws IOException {
        g.writeStringField("name", name);
        g.writeStringField("ph", phase);
        g.writeFieldName("ts");
        micros(g, nanos);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
    }

    /** Nanoseconds as the format's microseconds, exactly: whole ones as integers, the rest with three decimals. */
    private static void micros(JsonGenerator g, long nanos) throws IOException {
        if (nanos % 1000 == 0) {
            g.writeNumber(nanos / 1000);
        } else {
            g.writeNumber(BigDecimal.valueOf(nanos, 3));
        }
    }
}
