package satin.deploy.report;

import static satin.stats.report.StatsFile.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import satin.stats.StealLog;
import satin.stats.WorkerStateLog;
import satin.stats.report.Timeline;

/**
 * A node's {@link Timeline} as {@code stats.json} gives it, each part empty when absent (runs from
 * before timelines had workers). A member wrote it and the master only checked its shape, so every
 * number is checked here: states and kinds that exist, times that are not negative and do not run
 * backwards, intervals whose ends a long holds. A part that is wrong is an error naming where.
 */
final class TimelineReader {

    private TimelineReader() {
    }

    static Timeline read(Map<String, Object> node, String where) {
        return new Timeline(workers(node, where), moves(node, where),
                natural(node.get(STEALS_DROPPED), where + ": key '" + STEALS_DROPPED + "'", 0),
                intervals(node.get(MESSAGES_OVER_TIME), where + ": key '" + MESSAGES_OVER_TIME + "'", List.of(SENT, RECEIVED)),
                intervals(node.get(FAILED_STEALS_OVER_TIME), where + ": key '" + FAILED_STEALS_OVER_TIME + "'",
                        List.of(COUNTS)));
    }

    private static List<Timeline.Worker> workers(Map<String, Object> node, String where) {
        List<Object> lists = Json.list(node.get(WORKER_STATES), where + ": key '" + WORKER_STATES + "'");
        List<Object> dropped = Json.list(node.get(WORKER_STATES_DROPPED), where + ": key '" + WORKER_STATES_DROPPED + "'");
        if (!dropped.isEmpty() && dropped.size() != lists.size()) {
            throw new IllegalArgumentException(where + ": " + dropped.size() + " counts in '" + WORKER_STATES_DROPPED
                    + "' for " + lists.size() + " workers");
        }
        List<Timeline.Worker> workers = new ArrayList<>(lists.size());
        for (int w = 0; w < lists.size(); w++) {
            String at = where + ": " + WORKER_STATES + "[" + w + "]";
            List<Object> flat = Json.list(lists.get(w), at);
            if (flat.size() % 2 != 0) {
                throw new IllegalArgumentException(at + ": expected pairs of offset and state but found " + flat.size()
                        + " numbers");
            }
            long[] offsets = new long[flat.size() / 2];
            int[] states = new int[offsets.length];
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = natural(flat.get(2 * i), at + "[" + 2 * i + "]", 0);
                if (i > 0 && offsets[i] < offsets[i - 1]) {
                    throw new IllegalArgumentException(at + "[" + 2 * i + "]: " + offsets[i] + " comes before "
                            + offsets[i - 1]);
                }
                states[i] = (int) within(flat.get(2 * i + 1), at + "[" + (2 * i + 1) + "]", 0, WorkerStateLog.IDLE);
            }
            long lost = dropped.isEmpty() ? 0 : natural(dropped.get(w), where + ": " + WORKER_STATES_DROPPED + "[" + w + "]", 0);
            workers.add(new Timeline.Worker(offsets, states, lost));
        }
        return workers;
    }

    private static List<Timeline.Move> moves(Map<String, Object> node, String where) {
        List<Object> entries = Json.list(node.get(STEALS), where + ": key '" + STEALS + "'");
        List<Timeline.Move> moves = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            String at = where + ": " + STEALS + "[" + i + "]";
            List<Object> e = Json.list(entries.get(i), at);
            if (e.size() != StealLog.FIELDS) {
                throw new IllegalArgumentException(at + ": expected [kind, peer, job, start, end] but found " + e.size()
                        + " values");
            }
            int kind = (int) within(e.get(0), at + "[0]", 0, StealLog.KINDS - 1);
            int peer = (int) within(e.get(1), at + "[1]", -1, Integer.MAX_VALUE); // -1: a peer its node could not name
            long job = natural(e.get(2), at + "[2]", -1);
            long start = natural(e.get(3), at + "[3]", 0);
            long end = natural(e.get(4), at + "[4]", start);
            moves.add(new Timeline.Move(kind, peer, job, start, end));
        }
        return moves;
    }

    private static Timeline.Intervals intervals(Object value, String where, List<String> names) {
        if (value == null) {
            return Timeline.Intervals.NONE;
        }
        Map<String, Object> o = Json.object(value, where);
        long offset = natural(o.get(OFFSET_NANOS), where + ": " + OFFSET_NANOS, 0);
        long width = natural(o.get(INTERVAL_NANOS), where + ": " + INTERVAL_NANOS, 1);
        List<long[]> series = new ArrayList<>();
        int length = -1;
        for (String name : names) {
            List<Object> counts = Json.list(o.get(name), where + ": " + name);
            if (length >= 0 && counts.size() != length) {
                throw new IllegalArgumentException(where + ": " + name + " has " + counts.size() + " intervals, not "
                        + length);
            }
            length = counts.size();
            long[] c = new long[length];
            for (int i = 0; i < length; i++) {
                c[i] = natural(counts.get(i), where + ": " + name + "[" + i + "]", 0);
            }
            series.add(c);
        }
        try {
            Math.addExact(offset, Math.multiplyExact(width, (long) length + 1)); // the end of the last interval
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(where + ": " + length + " intervals of " + width + " ns from " + offset
                    + " end past any time");
        }
        return new Timeline.Intervals(offset, width, series);
    }

    /** An integer of at least {@code least}; 0 for none at all when {@code least} is 0. */
    private static long natural(Object v, String where, long least) {
        if (v == null && least == 0) {
            return 0;
        }
        if (!(v instanceof Long n) || n < least) {
            throw new IllegalArgumentException(where + ": expected a whole number of at least " + least + " but found "
                    + v);
        }
        return n;
    }

    private static long within(Object v, String where, long least, long most) {
        long n = natural(v, where, least);
        if (n > most) {
            throw new IllegalArgumentException(where + ": expected a whole number up to " + most + " but found " + n);
        }
        return n;
    }
}
