package satin.stats;

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
     * The field {@code "roundTrips"}: one object per member measured, with its cluster, how many
     * replies, the smoothed round trip and the configured one, for {@link RoundTripMatrix}.
     */
    public void json(StringBuilder b, IntFunction<String> clusterOf, IntToLongFunction configuredNanos) {
        b.append("\"roundTrips\":[");
        String sep = "";
        for (Map.Entry<Integer, Measured> e : snapshot().entrySet()) {
            int m = e.getKey();
            b.append(sep).append("{\"member\":").append(m)
                    .append(",\"cluster\":\"").append(clusterOf.apply(m).replace("\\", "\\\\").replace("\"", "\\\""))
                    .append("\",\"replies\":").append(e.getValue().samples())
                    .append(",\"smoothedNanos\":").append(e.getValue().smoothedNanos())
                    .append(",\"configuredNanos\":").append(configuredNanos.applyAsLong(m)).append('}');
            sep = ",";
        }
        b.append(']');
    }

    /** Every member measured, by id. */
    public Map<Integer, Measured> snapshot() {
        return new TreeMap<>(byMember);
    }
}
