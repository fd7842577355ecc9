package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.net.FrameFormat;
import satin.runtime.ActivityTrace;

/**
 * A node's report fits the frame it travels in: a long run's full logs (a million activity
 * transitions, the workers' states, the moves) make more than the 16 MiB a frame holds, and the
 * master's end would refuse it, leaving the node out of the run's statistics.
 */
class ReportSizeTest {

    private static final long LATE = 1_000_000_000_000L; // a thousand seconds into the run, in nanoseconds

    /** A report with every log as full as a node keeps it. */
    private static NodeReport full() {
        int n = ActivityTrace.LIMIT;
        long[] times = new long[n];
        boolean[] busy = new boolean[n];
        for (int i = 0; i < n; i++) {
            times[i] = LATE + i * 1_000L;
            busy[i] = i % 2 == 0;
        }
        NodeReport.Activity activity = new NodeReport.Activity(1_700_000_000_000_000L, 0, n + 5, times, busy);
        List<Timeline.Worker> workers = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            long[] offsets = new long[1 << 16];
            int[] states = new int[offsets.length];
            Arrays.setAll(offsets, i -> LATE + i * 2_000L);
            Arrays.setAll(states, i -> i % 3);
            workers.add(new Timeline.Worker(offsets, states, 7));
        }
        List<Timeline.Move> moves = new ArrayList<>();
        for (int i = 0; i < 1 << 15; i++) {
            moves.add(new Timeline.Move(1, 3, i, LATE + i, LATE + i + 50_000));
        }
        Timeline timeline = new Timeline(workers, moves, 11, Timeline.Intervals.NONE, Timeline.Intervals.NONE);
        return new NodeReport(4, "node-4", "c1", "CRS", "victims=uniform", 2, LATE, new EnumMap<>(NodeCounter.class),
                activity, List.of(), timeline);
    }

    private static int bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void aLongRunsFullReportIsMoreThanAFrameAndIsCutToFitKeepingWhatCameFirst() throws Exception {
        NodeReport full = full();
        int limit = FrameFormat.DEFAULT_MAX_FRAME - 1024;
        assertTrue(bytes(StatsFile.node(full)) > FrameFormat.DEFAULT_MAX_FRAME, "all of it: more than a frame");
        String json = PoolReport.fitted(full, limit);
        assertTrue(bytes(json) <= limit, bytes(json) + " bytes");
        long transitions = -1;
        List<Long> activity = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            assertEquals(JsonToken.START_OBJECT, p.nextToken());
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                if (field.equals(StatsFile.ACTIVITY_TRANSITIONS)) {
                    transitions = p.getLongValue();
                } else if (field.equals(StatsFile.ACTIVITY)) {
                    while (p.nextToken() == JsonToken.START_ARRAY) {
                        p.nextToken();
                        activity.add(p.getLongValue());
                        p.nextToken();
                        p.nextToken();
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
        assertEquals(ActivityTrace.LIMIT + 5, transitions, "every transition counted");
        assertTrue(activity.size() > 0 && activity.size() < ActivityTrace.LIMIT, activity.size() + " kept");
        for (int i = 0; i < activity.size(); i++) {
            assertEquals(LATE + i * 1_000L, activity.get(i), "the first ones, in order");
        }
    }

    @Test
    void aReportThatFitsIsSentWhole() {
        NodeReport full = full().keeping(0.01);
        assertEquals(StatsFile.node(full), PoolReport.fitted(full, FrameFormat.DEFAULT_MAX_FRAME));
    }

    @Test
    void keepingAShareCountsWhatItLeavesOutAsNotKept() {
        NodeReport full = full();
        NodeReport half = full.keeping(0.5);
        assertEquals(ActivityTrace.LIMIT / 2, half.activity().times().length);
        assertArrayEquals(Arrays.copyOf(full.activity().times(), ActivityTrace.LIMIT / 2), half.activity().times());
        assertEquals(full.activity().transitions(), half.activity().transitions());
        for (Timeline.Worker w : half.timeline().workers()) {
            assertEquals(1 << 15, w.offsets().length);
            assertEquals(7 + (1 << 15), w.dropped(), "the dropped before, and the half left out");
        }
        assertEquals(1 << 14, half.timeline().moves().size());
        assertEquals(11 + (1 << 14), half.timeline().movesDropped());
        assertSame(full.roundTrips(), half.roundTrips());
    }
}
