package satin.deploy.report;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.stats.WorkerStateLog;
import satin.stats.report.Timeline;

/**
 * A node's workers as tracks of their own, one each, named {@code worker N}: each span is one
 * state, {@link TraceEvents#RUNNING} a job, {@link #STEALING} (looking for work, from the moment it
 * had none until it got a job or parked) or {@link TraceEvents#IDLE} (parked), from the change
 * that began it to the next. The last state lasts to the run's end; a worker whose log was full
 * ends at its last change kept instead, since what came after is not known, and says so there.
 */
final class WorkerTracks {

    static final String STEALING = "stealing";
    private static final String[] NAMES = {TraceEvents.RUNNING, STEALING, TraceEvents.IDLE};

    private WorkerTracks() {
    }

    /** The name of a {@link WorkerStateLog} state. */
    static String name(int state) {
        return NAMES[state];
    }

    /**
     * Writes {@code workers}' tracks into process {@code pid} from thread {@code firstTid} on,
     * shifted {@code shift} nanoseconds onto the run's time line, which ends at {@code runEnd}.
     */
    static void write(TraceWriter w, int pid, int firstTid, List<Timeline.Worker> workers, long shift, long runEnd)
            throws IOException {
        for (int k = 0; k < workers.size(); k++) {
            int tid = firstTid + k;
            w.thread(pid, tid, "worker " + k);
            track(w, pid, tid, workers.get(k), shift, runEnd);
        }
    }

    private static void track(TraceWriter w, int pid, int tid, Timeline.Worker worker, long shift, long runEnd)
            throws IOException {
        long[] at = worker.offsets();
        int[] states = worker.states();
        for (int i = 0; i < at.length; i++) {
            long start = shift + at[i];
            long end = i + 1 < at.length ? shift + at[i + 1] : worker.dropped() > 0 ? start : Math.max(start, runEnd);
            if (end > start) {
                w.complete(name(states[i]), start, end, pid, tid, null);
            }
        }
        if (worker.dropped() > 0) {
            Map<String, Long> args = new LinkedHashMap<>();
            args.put("kept", (long) at.length);
            args.put("dropped", worker.dropped());
            w.instant(TraceEvents.STOPPED, at.length == 0 ? shift : shift + at[at.length - 1], pid, tid, args);
        }
    }
}
