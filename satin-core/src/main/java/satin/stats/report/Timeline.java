package satin.stats.report;

import java.util.Arrays;
import java.util.List;
import satin.stats.IntervalCounts;
import satin.stats.StealLog;
import satin.stats.WorkerStateLog;

/**
 * What a node recorded for its timeline beyond its busy and idle spells: each worker's states
 * ({@link WorkerStateLog}), the jobs that moved between it and other nodes and its steal requests
 * that brought none ({@link StealLog}), and its messages and failed requests per interval
 * ({@link IntervalCounts}). Every time is in nanoseconds from the node's activity origin, the one
 * of {@link NodeReport.Activity}; real and simulated nodes report alike.
 *
 * @param workers      each worker's state changes, in worker order; empty if none were recorded
 * @param moves        the jobs that moved and the requests that failed, in the order they were recorded
 * @param movesDropped entries that came once the node's log was full
 * @param messages     messages sent (series 0) and received (series 1) per interval
 * @param failedSteals steal requests that brought no job per interval (series 0), all of them
 */
public record Timeline(List<Worker> workers, List<Move> moves, long movesDropped, Intervals messages,
        Intervals failedSteals) {

    /** What a node that recorded no timeline reports. */
    public static final Timeline NONE = new Timeline(List.of(), List.of(), 0, Intervals.NONE, Intervals.NONE);

    public Timeline {
        workers = List.copyOf(workers);
        moves = List.copyOf(moves);
    }

    /** The first {@code share} of the workers' changes and of the moves, the rest counted as dropped. */
    Timeline keeping(double share) {
        List<Worker> kept = workers.stream().map(w -> {
            int n = kept(w.offsets.length, share);
            return new Worker(Arrays.copyOf(w.offsets, n), Arrays.copyOf(w.states, n), w.dropped + w.offsets.length - n);
        }).toList();
        int m = kept(moves.size(), share);
        return new Timeline(kept, moves.subList(0, m), movesDropped + moves.size() - m, messages, failedSteals);
    }

    /** How many of {@code n} entries a share keeps. */
    static int kept(int n, double share) {
        return (int) Math.min(n, Math.floor(n * share));
    }

    /** Whether anything was recorded. */
    public boolean isEmpty() {
        return workers.isEmpty() && moves.isEmpty() && movesDropped == 0 && messages.isEmpty()
                && failedSteals.isEmpty();
    }

    /** One worker's changes: when (ascending) and to which state, and how many came once its log was full. */
    public record Worker(long[] offsets, int[] states, long dropped) {
        public Worker {
            if (offsets.length != states.length) {
                throw new IllegalArgumentException(offsets.length + " offsets but " + states.length + " states");
            }
            offsets = offsets.clone();
            states = states.clone();
        }

        /** A worker's log as it is now. */
        public static Worker of(WorkerStateLog log) {
            long[] entries = log.entries();
            long[] offsets = new long[entries.length];
            int[] states = new int[entries.length];
            for (int i = 0; i < entries.length; i++) {
                offsets[i] = WorkerStateLog.offset(entries[i]);
                states[i] = WorkerStateLog.state(entries[i]);
            }
            return new Worker(offsets, states, log.dropped());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Worker w && Arrays.equals(w.offsets, offsets) && Arrays.equals(w.states, states)
                    && w.dropped == dropped;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(offsets) * 31 + Arrays.hashCode(states);
        }

        @Override
        public String toString() {
            return "Worker[" + offsets.length + " changes, " + dropped + " dropped]";
        }
    }

    /**
     * An entry of a {@link StealLog}: its kind, the other node's id, the job's number at the node
     * that gave it (-1 for a failed request), and when it began and ended.
     */
    public record Move(int kind, int peer, long job, long start, long end) {

        /** A log's entries as they are now. */
        public static List<Move> of(StealLog log) {
            long[] e = log.entries();
            Move[] moves = new Move[e.length / StealLog.FIELDS];
            for (int i = 0; i < moves.length; i++) {
                int at = i * StealLog.FIELDS;
                moves[i] = new Move((int) e[at], (int) e[at + 1], e[at + 2], e[at + 3], e[at + 4]);
            }
            return List.of(moves);
        }
    }

    /**
     * Counts per interval: interval {@code i} of every series starts {@code offsetNanos + i *
     * widthNanos} after the node's origin.
     */
    public record Intervals(long offsetNanos, long widthNanos, List<long[]> series) {

        public static final Intervals NONE = new Intervals(0, IntervalCounts.FIRST_WIDTH_NANOS, List.of());

        public Intervals {
            series = series.stream().map(long[]::clone).toList();
        }

        /** {@code counts} as they are now, their origin {@code offsetNanos} after the node's. */
        public static Intervals of(IntervalCounts counts, long offsetNanos) {
            IntervalCounts.Snapshot s = counts.snapshot();
            return new Intervals(offsetNanos, s.widthNanos(), List.of(s.counts()));
        }

        public boolean isEmpty() {
            return series.stream().allMatch(c -> c.length == 0);
        }

        /** How many intervals each series has. */
        public int length() {
            return series.isEmpty() ? 0 : series.get(0).length;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Intervals i) || i.offsetNanos != offsetNanos || i.widthNanos != widthNanos
                    || i.series.size() != series.size()) {
                return false;
            }
            for (int s = 0; s < series.size(); s++) {
                if (!Arrays.equals(i.series.get(s), series.get(s))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(offsetNanos) * 31 + series.size();
        }
    }
}
