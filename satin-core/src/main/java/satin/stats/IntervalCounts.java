package satin.stats;

import java.util.Arrays;

/**
 * Events counted per interval of time, in one or more series that share the intervals: how many
 * messages a node sent and received in each millisecond, say. The number of intervals is fixed:
 * when an event comes past the last, the intervals double in length and neighbours merge, so a
 * run of any length costs the same memory and report, at a coarser grain the longer it is.
 */
public final class IntervalCounts {

    /** The first intervals' length: fine enough to see a steal's round trip on a LAN, coarse enough to fill slowly. */
    public static final long FIRST_WIDTH_NANOS = 1_000_000;

    /** A real node's intervals: a few kilobytes of its report, a millisecond each for runs up to half a second. */
    public static final int INTERVALS = 512;

    private final int intervals;
    private final long[][] counts;
    private long width = FIRST_WIDTH_NANOS;
    private int used;

    public IntervalCounts(int series, int intervals) {
        if (series < 1 || intervals < 2) {
            throw new IllegalArgumentException("interval counts need a series and two intervals, not " + series
                    + " and " + intervals);
        }
        this.intervals = intervals;
        this.counts = new long[series][];
    }

    /** Counts {@code n} events of {@code series} at {@code offsetNanos} from the origin (earlier counts at 0). */
    public synchronized void add(int series, long offsetNanos, long n) {
        long at = Math.max(0, offsetNanos);
        while (at / width >= intervals) {
            coarsen();
        }
        int i = (int) (at / width);
        if (counts[series] == null) {
            counts[series] = new long[intervals]; // allocated when first used: thousands of simulated nodes each have some
        }
        counts[series][i] += n;
        used = Math.max(used, i + 1);
    }

    private void coarsen() {
        for (long[] c : counts) {
            if (c != null) {
                for (int i = 0; i < intervals; i++) {
                    c[i] = i < (intervals + 1) / 2 ? c[2 * i] + (2 * i + 1 < intervals ? c[2 * i + 1] : 0) : 0;
                }
            }
        }
        width *= 2;
        used = (used + 1) / 2;
    }

    /**
     * The counts as they are now, read at once: every series from the origin to the last interval
     * any series counted in, and the intervals' length then.
     */
    public synchronized Snapshot snapshot() {
        long[][] c = new long[counts.length][];
        for (int s = 0; s < c.length; s++) {
            c[s] = counts[s] == null ? new long[used] : Arrays.copyOf(counts[s], used);
        }
        return new Snapshot(width, c);
    }

    /** @param counts per series, per interval */
    public record Snapshot(long widthNanos, long[][] counts) {
    }
}
