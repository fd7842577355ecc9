package satin.deploy.report;

import java.util.ArrayList;
import java.util.List;
import satin.stats.report.NodeReport;

/**
 * One node's busy/idle transitions as spans on the run's time line, one after the other: idle from
 * when it joined the pool, then running while any of its workers ran a job, idle while none did.
 * A node idle (or still busy) at its last transition stays so until the run's end; a node whose
 * trace stopped recording ({@code transitions} beyond what it kept) ends at its last transition
 * kept, since what came after is not known.
 *
 * @param spans     the spans in time order, none empty
 * @param end       nanoseconds on the run's time line at which the last span ends
 * @param truncated whether the node stopped recording before the run ended
 */
record ActivitySpans(List<Span> spans, long end, boolean truncated) {

    /** A stretch of time, in nanoseconds on the run's time line, in which the node was running or idle. */
    record Span(boolean running, long start, long end) {
    }

    ActivitySpans {
        spans = List.copyOf(spans);
    }

    /**
     * The spans of {@code a}, its offsets moved by {@code shift} nanoseconds onto the run's time
     * line, which ends at {@code runEnd}.
     */
    static ActivitySpans of(NodeReport.Activity a, long shift, long runEnd) {
        long[] times = a.times();
        boolean[] busy = a.busy();
        List<Span> spans = new ArrayList<>();
        // never start after the first transition, so that no span runs backwards whatever joinedNanos says
        long at = shift + (times.length > 0 ? Math.min(a.joinedNanos(), times[0]) : a.joinedNanos());
        boolean running = false;
        for (int i = 0; i < times.length; i++) {
            if (busy[i] == running) {
                continue;
            }
            long t = shift + times[i];
            add(spans, running, at, t);
            at = t;
            running = busy[i];
        }
        boolean truncated = a.transitions() > times.length;
        long end = truncated ? at : Math.max(at, runEnd);
        add(spans, running, at, end);
        return new ActivitySpans(spans, end, truncated);
    }

    private static void add(List<Span> spans, boolean running, long start, long end) {
        if (end > start) {
            spans.add(new Span(running, start, end));
        }
    }
}
