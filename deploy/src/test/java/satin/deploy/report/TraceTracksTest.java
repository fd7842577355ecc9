package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.stats.StealLog;
import satin.stats.WorkerStateLog;
import satin.stats.report.NodeReport;
import satin.stats.report.Timeline;

/**
 * The per-worker tracks, the steal tracks with their flows and the counters of two hand-made nodes
 * of one cluster whose numbers can be worked out: a (node 0, two workers) gives job 7 to b (node
 * 1) and pushes it job 9, and one of its requests fails; b takes both, and also reports job 8 from
 * a, whose giving a did not keep. The run ends at a's last transition, 9 us.
 */
class TraceTracksTest {

    private static final int RUNNING = WorkerStateLog.RUNNING;
    private static final int STEALING = WorkerStateLog.STEALING;
    private static final int IDLE = WorkerStateLog.IDLE;

    private static NodeReport node(int id, String name, int workers, long[] activity, Timeline t) {
        boolean[] busy = new boolean[activity.length];
        for (int i = 0; i < busy.length; i++) {
            busy[i] = i % 2 == 0;
        }
        return new NodeReport(id, name, "west", "CRS", "", workers, 9_000, Map.of(),
                new NodeReport.Activity(1_000_000, 0, activity.length, activity, busy), List.of(), t);
    }

    private static List<NodeReport> nodes() {
        Timeline a = new Timeline(List.of(
                new Timeline.Worker(new long[] {0, 1000, 4000, 6000}, new int[] {STEALING, RUNNING, STEALING, IDLE}, 0),
                new Timeline.Worker(new long[] {0, 2000}, new int[] {IDLE, RUNNING}, 3)),
                List.of(new Timeline.Move(StealLog.GAVE, 1, 7, 2000, 2500),
                        new Timeline.Move(StealLog.EMPTY, 1, -1, 3000, 5000),
                        new Timeline.Move(StealLog.PUSHED, 1, 9, 2200, 2200)),
                0, new Timeline.Intervals(500, 1000, List.of(new long[] {3, 1}, new long[] {2, 0})),
                Timeline.Intervals.NONE);
        Timeline b = new Timeline(List.of(new Timeline.Worker(new long[] {0, 2600}, new int[] {IDLE, RUNNING}, 0)),
                List.of(new Timeline.Move(StealLog.GOT, 0, 7, 1800, 2600),
                        new Timeline.Move(StealLog.GOT, 0, 8, 2700, 2800),
                        new Timeline.Move(StealLog.PUSH_GOT, 0, 9, 2300, 2300)),
                4, Timeline.Intervals.NONE, new Timeline.Intervals(0, 2_000_000, List.of(new long[] {5})));
        return List.of(node(1, "b", 1, new long[] {2600}, b), node(0, "a", 2, new long[] {1000, 9000}, a));
    }

    private static List<Map<String, Object>> events() throws Exception {
        StringWriter out = new StringWriter();
        TraceEvents.write(Map.of(), nodes(), out);
        Object root = Json.parse(out.toString(), "trace");
        assertEquals(List.of(), TraceFormat.problems(root));
        return Json.list(Json.object(root, "trace").get("traceEvents"), "events").stream()
                .map(e -> Json.object(e, "event")).toList();
    }

    /** Phase, thread, name, time and duration, arguments, and the flow it begins or ends. */
    private static String line(Map<String, Object> e) {
        String flow = e.containsKey("bind_id") ? " " + (e.containsKey("flow_out") ? "out" : "in") + e.get("bind_id") : "";
        return e.get("ph") + " " + e.get("tid") + " " + e.get("name") + " " + micros(e.get("ts"))
                + (e.containsKey("dur") ? " +" + micros(e.get("dur")) : "") + (e.containsKey("args") ? " " + e.get("args") : "")
                + flow;
    }

    private static String micros(Object n) {
        return new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
    }

    private static List<String> of(long pid, String phases) throws Exception {
        return events().stream().filter(e -> e.get("pid").equals(pid) && phases.contains((String) e.get("ph")))
                .filter(e -> !e.get("tid").equals(1L) || e.get("name").toString().startsWith("thread"))
                .map(TraceTracksTest::line).toList();
    }

    @Test
    void eachWorkerIsATrackOfItsStatesAndAFullLogStopsAtItsLastChangeKept() throws Exception {
        assertEquals(List.of(
                "M 2 thread_name 0 {name=worker 0}", "M 2 thread_sort_index 0 {sort_index=2}",
                "X 2 stealing 0 +1", "X 2 running 1 +3", "X 2 stealing 4 +2", "X 2 idle 6 +3",
                "M 3 thread_name 0 {name=worker 1}", "M 3 thread_sort_index 0 {sort_index=3}",
                "X 3 idle 0 +2", "i 3 trace stopped recording 2 {kept=2, dropped=3}"),
                of(1, "MXi").stream().filter(l -> l.matches(". [23] .*")).toList());
    }

    @Test
    void jobsThatMovedAreSlicesWithAFlowFromGiverToTakerAndOverlappingOnesGoSideBySide() throws Exception {
        assertEquals(List.of(
                "M 4 thread_name 0 {name=steals}", "M 4 thread_sort_index 0 {sort_index=4}",
                "M 5 thread_name 0 {name=steals (2)}", "M 5 thread_sort_index 0 {sort_index=5}",
                "X 4 gave a job 2 +0.5 {to=b, job=7} out1", "X 5 pushed a job 2.2 +0 {to=b, job=9} out2",
                "X 4 steal failed 3 +2 {from=b}"),
                of(1, "MX").stream().filter(l -> l.matches(". [45] .*")).toList());
        assertEquals(List.of(
                "M 3 thread_name 0 {name=steals}", "M 3 thread_sort_index 0 {sort_index=3}",
                "M 4 thread_name 0 {name=steals (2)}", "M 4 thread_sort_index 0 {sort_index=4}",
                // job 8's giving was not kept at a: no arrow
                "X 3 stole a job 1.8 +0.8 {from=a, job=7} in1", "X 4 got a pushed job 2.3 +0 {from=a, job=9} in2",
                "X 3 stole a job 2.7 +0.1 {from=a, job=8}"),
                of(2, "MX").stream().filter(l -> l.matches(". [34] .*")).toList());
    }

    @Test
    void countsPerIntervalAreCountersEndingAtZero() throws Exception {
        assertEquals(List.of("C 0 messages per 1 us 0.5 {sent=3, received=2}", "C 0 messages per 1 us 1.5 {sent=1, received=0}",
                "C 0 messages per 1 us 2.5 {sent=0, received=0}"), of(1, "C"));
        assertEquals(List.of("C 0 failed steals per 2 ms 0 {requests=5}", "C 0 failed steals per 2 ms 2000 {requests=0}"),
                of(2, "C"));
    }

    @Test
    void whatWasNotKeptIsSaid() throws Exception {
        StringWriter out = new StringWriter();
        TraceEvents.write(Map.of(), nodes(), out);
        Map<String, Object> other = Json.object(Json.object(Json.parse(out.toString(), "t"), "t").get("otherData"), "o");
        assertEquals("3 worker state changes came after their worker's log was full (its track stops at the last one"
                + " kept, marked 'trace stopped recording'); 4 jobs moved or failed steal requests came after their"
                + " node's log was full (failed requests are still counted per interval)", other.get("notKept"));
    }

    @Test
    void theCheckFindsFlowsWhoseEndsDoNotMeet() {
        List<String> found = TraceFormat.problems(Json.parse("{\"traceEvents\":["
                + "{\"name\":\"a\",\"ph\":\"X\",\"ts\":0,\"dur\":1,\"pid\":1,\"tid\":1,\"bind_id\":1,\"flow_out\":true},"
                + "{\"name\":\"b\",\"ph\":\"i\",\"ts\":0,\"pid\":1,\"tid\":2,\"bind_id\":2,\"flow_in\":true},"
                + "{\"name\":\"c\",\"ph\":\"X\",\"ts\":0,\"dur\":1,\"pid\":2,\"tid\":1,\"bind_id\":3},"
                + "{\"name\":\"d\",\"ph\":\"s\",\"ts\":0,\"pid\":2,\"tid\":1,\"id\":4},"
                + "{\"name\":\"d\",\"ph\":\"f\",\"ts\":0,\"pid\":2,\"tid\":2,\"id\":4,\"bp\":\"x\"},"
                + "{\"name\":\"e\",\"ph\":\"f\",\"ts\":0,\"pid\":2,\"tid\":2},"
                + "{\"name\":\"f\",\"ph\":\"C\",\"ts\":0,\"pid\":2,\"tid\":0,\"args\":{\"n\":\"1\"}}]}", "t"));
        assertEquals(List.of("traceEvents[1]: a flow is bound to a slice, not to phase i",
                "traceEvents[2]: bind_id 3 without flow_out or flow_in", "traceEvents[4]: binding point x is not e",
                "traceEvents[5]: a flow event needs an id, not null",
                "traceEvents[6]: a counter needs numeric args, not {n=1}",
                "flow 1 begins on 1 slices and ends on 0: it must begin once and end",
                "flow 3 begins on 0 slices and ends on 0: it must begin once and end"), found);
    }
}
