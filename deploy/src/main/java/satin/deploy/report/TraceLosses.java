package satin.deploy.report;

import java.util.ArrayList;
import java.util.List;
import satin.stats.report.NodeReport;
import satin.stats.report.Timeline;

/**
 * What a run's nodes recorded but did not keep, or did not record, in words for the trace's
 * {@code otherData}: a reader who sees a worker's track stop, or no arrow where a steal was
 * counted, learns why there and not by guessing.
 */
final class TraceLosses {

    private TraceLosses() {
    }

    static String describe(List<NodeReport> nodes, JobMoves moves) {
        long states = 0;
        long entries = 0;
        List<String> unrecorded = new ArrayList<>();
        for (NodeReport n : nodes) {
            Timeline t = n.timeline();
            states += t.workers().stream().mapToLong(Timeline.Worker::dropped).sum();
            entries += t.movesDropped();
            if (t.workers().isEmpty()) {
                unrecorded.add(n.name());
            }
        }
        List<String> parts = new ArrayList<>();
        if (states > 0) {
            parts.add(states + " worker state changes came after their worker's log was full (its track stops at"
                    + " the last one kept, marked '" + TraceEvents.STOPPED + "')");
        }
        if (entries > 0) {
            parts.add(entries + " jobs moved or failed steal requests came after their node's log was full (failed"
                    + " requests are still counted per interval)");
        }
        if (moves.unplaced() > 0) {
            parts.add(moves.unplaced() + " moves overlapped " + JobMoves.MAX_LANES + " others of their node");
        }
        if (!unrecorded.isEmpty()) {
            parts.add("no worker states from " + (unrecorded.size() <= 8 ? String.join(", ", unrecorded)
                    : unrecorded.size() + " nodes") + " (satin.timeline=false, or a run from before they were recorded)");
        }
        return parts.isEmpty() ? "nothing" : String.join("; ", parts);
    }
}
