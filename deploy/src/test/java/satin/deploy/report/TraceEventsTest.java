package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.stats.report.NodeCounter;
import satin.stats.report.NodeReport;

/**
 * The timeline of three hand-made nodes on two clusters, with numbers chosen so that every span can
 * be worked out: west's a0 (node 0) starts 2 us after the others and runs to the end; east's b0
 * (node 1) runs twice and idles until the end; west's a1 (node 2) kept 3 of its 10 transitions.
 */
class TraceEventsTest {

    private static NodeReport node(int number, String name, String cluster, int workers, long originMicros,
            long joined, long transitions, long[] times, boolean[] busy, Map<NodeCounter, Long> counters) {
        return new NodeReport(number, name, cluster, "CRS", "", workers, 11_000, counters,
                new NodeReport.Activity(originMicros, joined, transitions, times, busy), List.of());
    }

    private static List<NodeReport> nodes() {
        Map<NodeCounter, Long> counted = new EnumMap<>(NodeCounter.class);
        counted.put(NodeCounter.REMOTE_STEALS, 3L);
        counted.put(NodeCounter.MESSAGES_SENT, 7L);
        return List.of(
                node(1, "b0", "east", 2, 1_000_000, 0, 4, new long[] {1000, 3500, 5000, 6000},
                        new boolean[] {true, false, true, false}, counted),
                node(2, "a1", "west", 1, 1_000_000, 100, 10, new long[] {200, 700, 800},
                        new boolean[] {true, false, true}, Map.of()),
                node(0, "a0", "west", 1, 1_000_002, 500, 2, new long[] {1000, 9000}, new boolean[] {true, true},
                        Map.of()));
    }

    private static List<Map<String, Object>> events(List<NodeReport> nodes) throws Exception {
        StringWriter out = new StringWriter();
        TraceEvents.write(Map.of("run", "hand-made"), nodes, out);
        Object root = Json.parse(out.toString(), "trace");
        assertEquals(List.of(), TraceFormat.problems(root));
        assertEquals("ms", Json.object(root, "trace").get("displayTimeUnit"));
        return Json.list(Json.object(root, "trace").get("traceEvents"), "events").stream()
                .map(e -> Json.object(e, "event")).toList();
    }

    /** An event as one line: phase, process, name, time and what else matters for its phase. */
    private static String line(Map<String, Object> e) {
        String head = e.get("ph") + " " + e.get("pid") + " " + e.get("name") + " " + micros(e.get("ts"));
        return switch ((String) e.get("ph")) {
            case "X" -> head + " +" + micros(e.get("dur"));
            case "M", "C" -> head + " " + e.get("args");
            default -> head;
        };
    }

    private static String micros(Object n) {
        return new BigDecimal(n.toString()).stripTrailingZeros().toPlainString();
    }

    @Test
    void nodesAreProcessesSortedByClusterWithTheirSpansInMicrosecondsFromTheEarliestOrigin() throws Exception {
        List<String> lines = events(nodes()).stream().filter(e -> !e.get("ph").equals("C")).map(TraceEventsTest::line)
                .toList();
        assertEquals(List.of(
                "M 0 process_name 0 {name=run: ?, ?}", "M 0 process_sort_index 0 {sort_index=-1}",
                "M 1 process_name 0 {name=a0 (cluster west)}", "M 1 process_sort_index 0 {sort_index=1}",
                "M 1 thread_name 0 {name=1 worker: running while any runs a job}", "M 1 thread_sort_index 0 {sort_index=1}",
                // joined 0.5 us after its origin, 2 us after the run's; busy to the end, the repeated busy ignored
                "X 1 idle 2.5 +0.5", "X 1 running 3 +8", "i 1 totals 11",
                "M 2 process_name 0 {name=a1 (cluster west)}", "M 2 process_sort_index 0 {sort_index=2}",
                "M 2 thread_name 0 {name=1 worker: running while any runs a job}", "M 2 thread_sort_index 0 {sort_index=1}",
                // what came after its last transition kept is not known: it ends there, and says so
                "X 2 idle 0.1 +0.1", "X 2 running 0.2 +0.5", "X 2 idle 0.7 +0.1",
                "i 2 trace stopped recording 0.8", "i 2 totals 0.8",
                "M 3 process_name 0 {name=b0 (cluster east)}", "M 3 process_sort_index 0 {sort_index=3}",
                "M 3 thread_name 0 {name=2 workers: running while any runs a job}", "M 3 thread_sort_index 0 {sort_index=1}",
                "X 3 idle 0 +1", "X 3 running 1 +2.5", "X 3 idle 3.5 +1.5", "X 3 running 5 +1", "X 3 idle 6 +5",
                "i 3 totals 11"), lines);
    }

    @Test
    void theRunsProcessCountsBusyNodesAtEachChange() throws Exception {
        List<String> counts = events(nodes()).stream().filter(e -> e.get("ph").equals("C")).map(TraceEventsTest::line)
                .toList();
        assertEquals(List.of("C 0 busy nodes 0.2 {nodes=1}", "C 0 busy nodes 0.7 {nodes=0}",
                "C 0 busy nodes 1 {nodes=1}", "C 0 busy nodes 3 {nodes=2}", "C 0 busy nodes 3.5 {nodes=1}",
                "C 0 busy nodes 5 {nodes=2}", "C 0 busy nodes 6 {nodes=1}", "C 0 busy nodes 11 {nodes=0}"), counts);
    }

    @Test
    void aNodesCountersAreTheArgumentsOfItsTotalsAndATruncatedTraceSaysHowMuchItKept() throws Exception {
        List<Map<String, Object>> events = events(nodes());
        Map<String, Object> b0 = events.stream().filter(e -> e.get("pid").equals(3L) && e.get("name").equals("totals"))
                .findFirst().orElseThrow();
        assertEquals(Map.of("workers", 2L, "remoteSteals", 3L, "messagesSent", 7L), b0.get("args"));
        assertEquals("t", b0.get("s"), "on the node's track");
        Map<String, Object> stopped = events.stream().filter(e -> e.get("name").equals(TraceEvents.STOPPED))
                .findFirst().orElseThrow();
        assertEquals(Map.of("kept", 3L, "transitions", 10L), stopped.get("args"));
    }

    @Test
    void aSimulatedRunsNodesShareOriginZeroAndTheTraceSaysItsClock() throws Exception {
        StringWriter out = new StringWriter();
        TraceEvents.write(Map.of(), List.of(node(0, "s0", "c0", 1, 0, 0, 2, new long[] {1_500, 2_000_001},
                new boolean[] {true, false}, Map.of())), out);
        Object root = Json.parse(out.toString(), "trace");
        assertEquals(List.of(), TraceFormat.problems(root));
        Map<String, Object> other = Json.object(Json.object(root, "trace").get("otherData"), "otherData");
        assertEquals("simulated, from the start", other.get("clock"));
        assertTrue(other.get("notShown").toString().contains("between the workers of one node"), other.toString());
        assertEquals("no worker states from s0 (satin.timeline=false, or a run from before they were recorded)",
                other.get("notKept"));
        assertTrue(out.toString().contains("\"name\":\"running\",\"ph\":\"X\",\"ts\":1.500,\"pid\":1,\"tid\":1,"
                + "\"dur\":1998.501}"), "nanoseconds kept as three decimals: " + out);
    }

    @Test
    void theCheckFindsWhatIsNoTrace() {
        assertEquals(List.of("no traceEvents array"), TraceFormat.problems(Json.parse("{\"events\":[]}", "t")));
        List<String> found = TraceFormat.problems(Json.parse("{\"traceEvents\":["
                + "{\"name\":\"a\",\"ph\":\"X\",\"ts\":0,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"b\",\"ph\":\"X\",\"ts\":\"1\",\"dur\":1,\"pid\":1,\"tid\":1},"
                + "{\"name\":\"process_name\",\"ph\":\"M\",\"ts\":0,\"pid\":1,\"tid\":0,\"args\":{}},"
                + "{\"name\":\"c\",\"ph\":\"X\",\"ts\":0,\"dur\":2,\"pid\":2,\"tid\":1},"
                + "{\"name\":\"d\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":2,\"tid\":1},"
                + "{\"name\":\"e\",\"ph\":\"Q\",\"ts\":0,\"pid\":1,\"tid\":1}]}", "t"));
        assertEquals(List.of("traceEvents[0]: a complete event needs dur >= 0, not null",
                "traceEvents[1]: ts 1 is no time", "traceEvents[2]: process_name without its text in args",
                "traceEvents[5]: phase Q is none of the format's",
                "pid/tid 2/1: a span at 1.0 starts before the one at 0.0 ends (2.0)"), found);
    }
}
