package satin.deploy.report;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.stats.report.Timeline;

/**
 * A node's counts per interval as counter tracks of its process: {@link #MESSAGES} sent and
 * received, and {@link #FAILED_STEALS}, each interval's count from its start to the next's, and 0
 * after the last. The counter's name says the interval's length, which grows with the run.
 */
final class IntervalTracks {

    static final String MESSAGES = "messages";
    static final String FAILED_STEALS = "failed steals";

    private IntervalTracks() {
    }

    static void write(TraceWriter w, int pid, Timeline t, long shift) throws IOException {
        counter(w, pid, MESSAGES, List.of("sent", "received"), t.messages(), shift);
        counter(w, pid, FAILED_STEALS, List.of("requests"), t.failedSteals(), shift);
    }

    private static void counter(TraceWriter w, int pid, String what, List<String> names, Timeline.Intervals i,
            long shift) throws IOException {
        if (i.isEmpty()) {
            return;
        }
        String name = what + " per " + length(i.widthNanos());
        int n = i.length();
        for (int k = 0; k <= n; k++) {
            Map<String, Long> values = new LinkedHashMap<>();
            for (int s = 0; s < names.size() && s < i.series().size(); s++) {
                values.put(names.get(s), k < n ? i.series().get(s)[k] : 0);
            }
            w.counter(name, shift + i.offsetNanos() + k * i.widthNanos(), pid, values);
        }
    }

    /** An interval's length as a person reads it: 1 ms, 512 us, 2.048 s. */
    static String length(long nanos) {
        if (nanos >= 1_000_000_000L) {
            return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e9)) + " s";
        }
        if (nanos >= 1_000_000) {
            return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e6)) + " ms";
        }
        return trim(String.format(Locale.ROOT, "%.3f", nanos / 1e3)) + " us";
    }

    private static String trim(String decimal) {
        return decimal.replaceAll("\\.?0+$", "");
    }
}
