package satin.stats.report;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.stats.RoundTrips;

/**
 * One node's entry in {@code stats.json}, whether a real node or a simulated one made it: who it
 * is, its counters, its activity trace, the round trips it measured and what it recorded for its
 * timeline. {@link StatsFile#node} writes it; both the pool and the simulator build one, so both
 * files read alike.
 *
 * @param counters what the node counted, in any order; the file lists them in {@link NodeCounter}'s
 * @param timeline its workers' states and the jobs it moved, {@link Timeline#NONE} if not recorded
 */
public record NodeReport(int node, String name, String cluster, String balancer, String balancerSettings,
        int workers, long wallNanos, Map<NodeCounter, Long> counters, Activity activity,
        List<RoundTrips.Row> roundTrips, Timeline timeline) {

    /** A node that recorded no timeline. */
    public NodeReport(int node, String name, String cluster, String balancer, String balancerSettings, int workers,
            long wallNanos, Map<NodeCounter, Long> counters, Activity activity, List<RoundTrips.Row> roundTrips) {
        this(node, name, cluster, balancer, balancerSettings, workers, wallNanos, counters, activity, roundTrips,
                Timeline.NONE);
    }

    /**
     * When the node was busy: offsets from its origin (microseconds since the epoch, 0 for a
     * simulated node) and whether it became busy or idle there; {@code transitions} counts those
     * the node saw, kept or not.
     */
    public record Activity(long originEpochMicros, long joinedNanos, long transitions, long[] times, boolean[] busy) {

        /** The first {@code share} of the transitions recorded; {@code transitions} still counts every one seen. */
        Activity keeping(double share) {
            int n = Timeline.kept(times.length, share);
            return new Activity(originEpochMicros, joinedNanos, transitions, Arrays.copyOf(times, n), Arrays.copyOf(busy, n));
        }
    }

    /**
     * This report with the first {@code share} of what its activity, its workers' states and its
     * moves recorded, the rest counted as not kept, as a full log counts what came after it: so
     * that a report fits a frame (satin.stats.report.PoolReport#json).
     */
    public NodeReport keeping(double share) {
        return new NodeReport(node, name, cluster, balancer, balancerSettings, workers, wallNanos, counters,
                activity.keeping(share), roundTrips, timeline.keeping(share));
    }

    /** The flat numeric fields, by name, as a table or a total sums them. */
    public Map<String, Long> numbers() {
        Map<String, Long> n = new LinkedHashMap<>();
        n.put(StatsFile.NODE, (long) node);
        n.put(StatsFile.WORKERS, (long) workers);
        n.put(StatsFile.WALL_NANOS, wallNanos);
        for (NodeCounter c : NodeCounter.values()) {
            Long v = counters.get(c);
            if (v != null) {
                n.put(c.key(), v);
            }
        }
        return n;
    }
}
