package satin.deploy.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How many of a run's nodes were busy over time, and Perarnau and Sato's starting and ending latencies read
 * from it. Time runs from the first node becoming busy (the computation starts; forming the pool
 * before is not load balancing) to the last node becoming idle. {@code startingLatency(x)} is how
 * long after the start the occupancy first reached {@code x}; {@code endingLatency(x)} how long
 * before the end it fell below {@code x} for the last time, so at {@code x = 1} they are the time
 * until all nodes were first busy and the time from the first node going idle for good to the end.
 */
public final class Occupancy {

    private final int nodes;
    /** Seconds from the start at which the number of busy nodes changed to {@link #busy}. */
    private final double[] times;
    private final int[] busy;

    private Occupancy(int nodes, double[] times, int[] busy) {
        this.nodes = nodes;
        this.times = times;
        this.busy = busy;
    }

    /**
     * The occupancy of {@code nodes} nodes (at least the traces given; nodes that never ran a job
     * count as idle throughout) from their traces.
     */
    public static Occupancy of(List<NodeTrace> traces, int nodes) {
        List<long[]> events = new ArrayList<>();
        long origin = traces.stream().filter(t -> t.times().length > 0).mapToLong(NodeTrace::originEpochMicros).min()
                .orElse(0);
        for (NodeTrace t : traces) {
            long shift = (t.originEpochMicros() - origin) * 1000;
            boolean state = false;
            for (int i = 0; i < t.times().length; i++) {
                if (t.busy()[i] != state) {
                    state = t.busy()[i];
                    events.add(new long[] {shift + t.times()[i], state ? 1 : -1});
                }
            }
        }
        events.sort((a, b) -> Long.compare(a[0], b[0]));
        return steps(events, Math.max(nodes, traces.size()));
    }

    /** Folds events at the same instant into one step, so no step shows a level never really held. */
    private static Occupancy steps(List<long[]> events, int nodes) {
        double[] times = new double[events.size()];
        int[] busy = new int[events.size()];
        int size = 0;
        int level = 0;
        long start = events.isEmpty() ? 0 : events.get(0)[0];
        for (int i = 0; i < events.size(); i++) {
            level += (int) events.get(i)[1];
            boolean lastAtInstant = i + 1 == events.size() || events.get(i + 1)[0] != events.get(i)[0];
            if (lastAtInstant) {
                times[size] = (events.get(i)[0] - start) / 1e9;
                busy[size++] = level;
            }
        }
        return new Occupancy(nodes, Arrays.copyOf(times, size), Arrays.copyOf(busy, size));
    }

    public int nodes() {
        return nodes;
    }

    /** Seconds from the first node busy to the last node idle (or the last transition recorded). */
    public double duration() {
        return times.length == 0 ? 0 : times[times.length - 1];
    }

    /** The instants (seconds from the start) at which the occupancy changed. */
    public double[] times() {
        return times.clone();
    }

    /** The number of busy nodes from each instant of {@link #times()} to the next. */
    public int[] busy() {
        return busy.clone();
    }

    /** The highest fraction of nodes busy at once. */
    public double maxOccupancy() {
        return nodes == 0 ? 0 : Arrays.stream(busy).max().orElse(0) / (double) nodes;
    }

    /** Seconds until the fraction busy first reached {@code x}, or NaN if it never did. */
    public double startingLatency(double x) {
        for (int i = 0; i < times.length; i++) {
            if (reaches(busy[i], x)) {
                return times[i];
            }
        }
        return Double.NaN;
    }

    /** Seconds from the last fall below {@code x} to the end, or NaN if the fraction never reached it. */
    public double endingLatency(double x) {
        for (int i = times.length - 1; i >= 0; i--) {
            if (reaches(busy[i], x)) {
                double fall = i + 1 < times.length ? times[i + 1] : times[i];
                return duration() - fall;
            }
        }
        return Double.NaN;
    }

    /** The fraction of the node-seconds of {@link #duration()} that nodes were busy. */
    public double meanOccupancy() {
        double area = 0;
        for (int i = 0; i + 1 < times.length; i++) {
            area += busy[i] * (times[i + 1] - times[i]);
        }
        double d = duration();
        return d <= 0 || nodes == 0 ? 0 : area / (d * nodes);
    }

    /**
     * The mean number of nodes busy in each of {@code bins} equal intervals of {@code [0, until)}:
     * what a chart can show of a trace with more steps than pixels.
     */
    public double[] binnedMeans(int bins, double until) {
        double[] means = new double[bins];
        double width = until / bins;
        for (int i = 0; i + 1 < times.length; i++) {
            addSegment(means, width, times[i], Math.min(times[i + 1], until), busy[i]);
        }
        for (int b = 0; b < bins; b++) {
            means[b] /= width;
        }
        return means;
    }

    /** Adds {@code level} times the overlap of {@code [from, to)} with each bin it touches. */
    private static void addSegment(double[] area, double width, double from, double to, int level) {
        if (level == 0 || to <= from) {
            return;
        }
        int first = (int) Math.floor(from / width);
        int last = Math.min(area.length - 1, (int) Math.floor(to / width));
        for (int b = Math.max(0, first); b <= last; b++) {
            double overlap = Math.min(to, (b + 1) * width) - Math.max(from, b * width);
            if (overlap > 0) {
                area[b] += level * overlap;
            }
        }
    }

    private boolean reaches(int busyNodes, double x) {
        // compares counts, not fractions, so that x = 1 is reached exactly when every node is busy
        return busyNodes >= Math.ceil(x * nodes - 1e-9);
    }
}
