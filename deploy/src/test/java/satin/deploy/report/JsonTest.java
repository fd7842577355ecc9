package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    static String resource(String name) throws IOException {
        try (InputStream in = JsonTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("test resource " + name + " missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheStatisticsThePoolWrites() throws IOException {
        Map<String, Object> stats = Json.object(Json.parse(resource("stats-nqueens-crs.json"), "stats"), "stats");
        assertEquals("satin.apps.nqueens.NQueens", stats.get("main"));
        assertEquals("CRS", stats.get("balancer"));
        assertEquals("20ms/1MB/s", stats.get("wan"));
        assertEquals(2L, stats.get("clusters"));
        assertEquals(451243481L, stats.get("wallNanos"));
        assertEquals(13.296590981665616, (Double) stats.get("wanMessagesPerSecond"), 1e-12);
        List<Object> nodes = Json.list(stats.get("nodes"), "nodes");
        assertEquals(8, nodes.size());
        Map<String, Object> first = Json.object(nodes.get(0), "node 0");
        assertEquals("local-0", first.get("cluster"));
        assertEquals(1176L, first.get("jobsRun"));
        assertEquals(1795306384364706L, first.get("activityOriginEpochMicros"));
        assertEquals(List.of(List.of(10321182L, 1L), List.of(69701249L, 0L)), first.get("activity"));
    }

    @Test
    void keepsUnknownFieldsAndDecodesEscapes() {
        Object v = Json.parse(" {\"a\\\"b\": \"x\\u0041\\n\\\\\", \"new\": {\"deep\": [true, false, null, -1.5e3]},"
                + " \"big\": 12345678901234567890}\n", "t");
        Map<String, Object> m = Json.object(v, "t");
        assertEquals("xA\n\\", m.get("a\"b"));
        assertEquals(java.util.Arrays.asList(true, false, null, -1500.0),
                Json.object(m.get("new"), "new").get("deep"));
        assertEquals(1.2345678901234567e19, (Double) m.get("big"), 1e5);
        assertEquals(List.of(), Json.parse("[]", "t"));
        assertEquals(Map.of(), Json.parse("{}", "t"));
    }

    @Test
    void errorsNameTheSourceLineColumnAndWhatWasExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.parse("{\"a\": 1,\n \"b\" 2}", "run/stats.json"));
        assertTrue(e.getMessage().startsWith("run/stats.json:2:6: expected ':'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Json.parse("[1, 2", "f"));
        assertTrue(e.getMessage().contains("expected ']' but found the end of the text"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{} x", "f"));
        assertTrue(e.getMessage().contains("expected the end of the document"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Json.number(Map.of("wallNanos", "soon"), "wallNanos", "r.json"));
        assertTrue(e.getMessage().contains("r.json: key 'wallNanos' should be a number"), e.getMessage());
    }

    /**
     * A file nested deeper than any report ([[[[... 100,000 deep) is refused naming where, rather
     * than ending satin report with a StackOverflowError: a report holds what the pool's members
     * sent, and a member may send anything.
     */
    @Test
    void nestingDeeperThanAReportIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.parse("[".repeat(100_000), "deep.json"));
        assertTrue(e.getMessage().startsWith("deep.json:1:65: expected at most 64 levels of nesting"), e.getMessage());
        assertEquals(List.of(List.of(1L)), Json.parse("[[1]]", "shallow.json"));
    }
}
