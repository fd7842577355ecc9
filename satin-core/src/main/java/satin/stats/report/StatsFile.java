package satin.stats.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import satin.stats.RoundTrips;

/**
 * {@code stats.json}, the statistics of a run, real or simulated: the run's fields
 * ({@link RunFields}), then {@code nodes}, one {@link NodeReport} each. The names here are the
 * file's; the pool's master and the simulator write through this class and {@code satin report}
 * reads by its names, so that one reader serves both. Written with Jackson's streaming generator,
 * which escapes what needs escaping.
 */
public final class StatsFile {

    public static final String POOL = "pool";
    public static final String MAIN = "main";
    public static final String MODE = "mode";
    public static final String BALANCER = "balancer";
    public static final String BALANCER_SETTINGS = "balancerSettings";
    public static final String WAN = "wan";
    public static final String LAN = "lan";
    public static final String CLUSTERS = "clusters";
    public static final String WALL_NANOS = "wallNanos";
    public static final String WAN_MESSAGES_PER_SECOND = "wanMessagesPerSecond";
    public static final String NODES = "nodes";

    public static final String NODE = "node";
    public static final String NAME = "name";
    public static final String CLUSTER = "cluster";
    public static final String WORKERS = "workers";
    public static final String ACTIVITY_ORIGIN_EPOCH_MICROS = "activityOriginEpochMicros";
    public static final String JOINED_NANOS = "joinedNanos";
    public static final String ACTIVITY_TRANSITIONS = "activityTransitions";
    /** Pairs {@code [offset nanoseconds, 1 busy or 0 idle]}. */
    public static final String ACTIVITY = "activity";
    /** Per worker, {@code [offset, state, offset, state, ...]}: 0 running, 1 stealing, 2 idle ({@link Timeline}). */
    public static final String WORKER_STATES = "workerStates";
    /** Per worker, the changes that came once its log was full. */
    public static final String WORKER_STATES_DROPPED = "workerStatesDropped";
    /** Entries {@code [kind, peer, job, start, end]} of {@link satin.stats.StealLog}. */
    public static final String STEALS = "steals";
    public static final String STEALS_DROPPED = "stealsDropped";
    /** {@code {offsetNanos, intervalNanos, sent: [...], received: [...]}}. */
    public static final String MESSAGES_OVER_TIME = "messagesOverTime";
    /** {@code {offsetNanos, intervalNanos, counts: [...]}}. */
    public static final String FAILED_STEALS_OVER_TIME = "failedStealsOverTime";
    public static final String OFFSET_NANOS = "offsetNanos";
    public static final String INTERVAL_NANOS = "intervalNanos";
    public static final String SENT = "sent";
    public static final String RECEIVED = "received";
    public static final String COUNTS = "counts";
    /** Objects of {@link RoundTrips.Row}'s fields; after the activity, so that the flat fields come first. */
    public static final String ROUND_TRIPS = "roundTrips";

    static final JsonFactory JSON = JsonFactory.builder().disable(com.fasterxml.jackson.core.StreamWriteFeature.AUTO_CLOSE_TARGET).build();

    private StatsFile() {
    }

    /** One node's report as one JSON object on one line: what a member sends its master. */
    public static String node(NodeReport r) {
        StringWriter out = new StringWriter(256 + 16 * r.activity().times().length + 32 * r.timeline().moves().size());
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField(NODE, r.node());
            g.writeStringField(NAME, r.name());
            g.writeStringField(CLUSTER, r.cluster());
            g.writeStringField(BALANCER, r.balancer());
            g.writeStringField(BALANCER_SETTINGS, r.balancerSettings());
            g.writeNumberField(WORKERS, r.workers());
            g.writeNumberField(WALL_NANOS, r.wallNanos());
            counters(g, r.counters());
            activity(g, r.activity());
            TimelineFields.write(g, r.timeline());
            g.writeFieldName(ROUND_TRIPS);
            RoundTrips.write(g, r.roundTrips());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** Each counter present, in {@link NodeCounter}'s order. */
    static void counters(JsonGenerator g, Map<NodeCounter, Long> counters) throws IOException {
        for (NodeCounter c : NodeCounter.values()) {
            Long v = counters.get(c);
            if (v != null) {
                g.writeNumberField(c.key(), v);
            }
        }
    }

    private static void activity(JsonGenerator g, NodeReport.Activity a) throws IOException {
        g.writeNumberField(ACTIVITY_ORIGIN_EPOCH_MICROS, a.originEpochMicros());
        g.writeNumberField(JOINED_NANOS, a.joinedNanos());
        g.writeNumberField(ACTIVITY_TRANSITIONS, a.transitions());
        g.writeArrayFieldStart(ACTIVITY);
        long[] times = a.times();
        boolean[] busy = a.busy();
        for (int i = 0; i < times.length; i++) {
            g.writeStartArray();
            g.writeNumber(times[i]);
            g.writeNumber(busy[i] ? 1 : 0);
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    /** The whole file as text: see {@link #write(Writer, Map, List)}. */
    public static String text(Map<String, Object> run, List<String> nodes) {
        StringWriter out = new StringWriter(256 + nodes.stream().mapToInt(String::length).sum());
        try {
            write(out, run, nodes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * The whole file: the run's fields ({@link RunFields#fields()}; numbers stay numbers, anything
     * else is written as text), then every node's report as it came, one a line.
     */
    public static void write(Writer out, Map<String, Object> run, List<String> nodes) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out).setPrettyPrinter(new OneNodeALine())) {
            g.writeStartObject();
            for (Map.Entry<String, Object> e : run.entrySet()) {
                g.writeFieldName(e.getKey());
                value(g, e.getValue());
            }
            g.writeArrayFieldStart(NODES);
            for (String node : nodes) {
                g.writeRawValue(node); // a member's, checked on arrival (JsonObjectCheck), or one of ours
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.write('\n');
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else {
            g.writeString(String.valueOf(v));
        }
    }

    /** Compact, but each node on a line of its own: a file of a thousand nodes stays readable by line tools. */
    private static final class OneNodeALine extends MinimalPrettyPrinter {
        private static final long serialVersionUID = 1L;

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(",\n");
        }
    }
}
