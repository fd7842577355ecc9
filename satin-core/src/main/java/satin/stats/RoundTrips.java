package satin.stats;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * Round trips to other members as this node measured them, from each steal request to its reply:
 * per member, the number of samples and a smoothed value (an exponentially weighted moving
 * average, each new sample weighing {@code 1/8}, as TCP smooths its round-trip time), so that one
 * reply delayed by a busy victim or a long job on a slow link moves it only a little. Written by
 * the threads replies come on, read by the balancer and the report.
 */
public final class RoundTrips {

    /** How much a new sample weighs, as 1 / 2^SHIFT. */
    private static final int SHIFT = 3;

    /** One member's measurements. */
    public record Measured(long samples, long smoothedNanos) {
    }

    /** The keys of a {@link Row} in the report. */
    public static final String MEMBER = "member";
    public static final String CLUSTER = "cluster";
    public static final String REPLIES = "replies";
    public static final String SMOOTHED_NANOS = "smoothedNanos";
    public static final String CONFIGURED_NANOS = "configuredNanos";

    private final Map<Integer, Measured> byMember = new ConcurrentHashMap<>();

    /** A reply from {@code member} came {@code nanos} after its request left. */
    public void record(int member, long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("a round trip to member " + member + " of " + nanos + " ns");
        }
        byMember.merge(member, new Measured(1, nanos), (old, n) -> new Measured(old.samples() + 1,
                old.smoothedNanos() + ((nanos - old.smoothedNanos()) >> SHIFT)));
    }

    /** The smoothed round trip to {@code member}, or -1 if none was measured. */
    public long smoothedNanos(int member) {
        Measured m = byMember.get(member);
        return m == null ? -1 : m.smoothedNanos();
    }

    /** Half the smoothed round trip to {@code member}, or {@code otherwise} until one was measured. */
    public long oneWayNanos(int member, long otherwise) {
        long measured = smoothedNanos(member);
        return measured >= 0 ? measured / 2 : otherwise;
    }

    /**
     * What {@code stats.json} says of one member measured: its cluster, how many replies, the
     * smoothed round trip and the configured one, for {@link RoundTripMatrix}.
     */
    public record Row(int member, String cluster, long replies, long smoothedNanos, long configuredNanos) {
    }

    /** Every member measured, by id, as the report lists them. */
    public List<Row> rows(IntFunction<String> clusterOf, IntToLongFunction configuredNanos) {
        List<Row> rows = new ArrayList<>();
        snapshot().forEach((m, measured) -> rows.add(new Row(m, clusterOf.apply(m), measured.samples(),
                measured.smoothedNanos(), configuredNanos.applyAsLong(m))));
        return rows;
    }

    /** The value of the report's field {@code "roundTrips"}: one object per row, in order. */
    public static void write(JsonGenerator g, List<Row> rows) throws IOException {
        g.writeStartArray();
        for (Row r : rows) {
            g.writeStartObject();
            g.writeNumberField(MEMBER, r.member());
            g.writeStringField(CLUSTER, r.cluster());
            g.writeNumberField(REPLIES, r.replies());
            g.writeNumberField(SMOOTHED_NANOS, r.smoothedNanos());
            g.writeNumberField(CONFIGURED_NANOS, r.configuredNanos());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** The field {@code "roundTrips"} as it sits in a report, for a report written piece by piece. */
    public void json(StringBuilder b, IntFunction<String> clusterOf, IntToLongFunction configuredNanos) {
        StringWriter out = new StringWriter();
        // a factory of its own, not a static one: a program on one JVM (satin-agent.jar, which holds no
        // Jackson) loads this class with its node's statistics and never writes them
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            write(g, rows(clusterOf, configuredNanos));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        b.append("\"roundTrips\":").append(out);
    }

    /** Every member measured, by id. */
    public Map<Integer, Measured> snapshot() {
        return new TreeMap<>(byMember);
    }
}
