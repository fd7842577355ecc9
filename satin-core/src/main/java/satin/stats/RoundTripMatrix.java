package satin.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Round trips between clusters, measured beside configured: what every node measured to every
 * member it asked ({@link RoundTrips}), summed per pair of clusters, so that a report shows whether
 * the distances the balancers weighed victims by were the ones the run was set up with. The
 * configured round trip is twice the emulated one-way latency (0 inside a cluster, and everywhere
 * on a real wide area).
 */
public final class RoundTripMatrix {

    /** One pair of clusters: how many measurements, their mean and extremes, and what was configured. */
    public record Cell(long samples, long members, double meanNanos, long minNanos, long maxNanos, long configuredNanos) {
    }

    private final Map<String, Map<String, Acc>> cells = new TreeMap<>();

    private static final class Acc {
        long samples;
        long members;
        double weighted;
        long min = Long.MAX_VALUE;
        long max;
        long configured;
    }

    /**
     * One node's measurement of one member: {@code samples} replies, smoothed to
     * {@code smoothedNanos}; the pair's configured round trip {@code configuredNanos}.
     */
    public void add(String from, String to, long samples, long smoothedNanos, long configuredNanos) {
        Acc a = cells.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new Acc());
        a.samples += samples;
        a.members++;
        a.weighted += (double) samples * smoothedNanos;
        a.min = Math.min(a.min, smoothedNanos);
        a.max = Math.max(a.max, smoothedNanos);
        a.configured = configuredNanos;
    }

    /** The cell from cluster {@code from} to {@code to}, or null if no node of {@code from} measured {@code to}. */
    public Cell cell(String from, String to) {
        Acc a = cells.getOrDefault(from, Map.of()).get(to);
        return a == null ? null
                : new Cell(a.samples, a.members, a.weighted / a.samples, a.min, a.max, a.configured);
    }

    public boolean isEmpty() {
        return cells.isEmpty();
    }

    /**
     * A table, one line per pair of clusters measured: configured and measured round trips in
     * milliseconds (the mean weighted by samples, and the smallest and largest smoothed value of a
     * node-member pair), and how many replies they rest on.
     */
    public String table() {
        List<String> lines = new ArrayList<>();
        lines.add("| from | to | configured ms | measured ms (mean) | min | max | replies |");
        lines.add("|---|---|---:|---:|---:|---:|---:|");
        cells.forEach((from, row) -> row.keySet().forEach(to -> {
            Cell c = cell(from, to);
            lines.add(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.3f | %d |", from, to,
                    c.configuredNanos() / 1e6, c.meanNanos() / 1e6, c.minNanos() / 1e6, c.maxNanos() / 1e6,
                    c.samples()));
        }));
        return String.join("\n", lines) + "\n";
    }
}
