package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.stats.RoundTrips;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz target for the master's reader of a member's statistics (the text of a STATISTICS message,
 * decoded from UTF-8 as the message decoder does): the check says what is wrong or accepts it, and
 * what it accepts goes into the run's stats.json as exactly one node's entry, forging nothing.
 */
@Tag("fuzz")
class StatisticsFuzzTest {

    /** As the master checks a member's report (satin.pool.RegistryClient). */
    private static final int REPORT_DEPTH = 8;
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(8 << 20, 64);

    @FuzzTest
    void memberReport(byte[] utf8) throws Throwable {
        String text = new String(utf8, StandardCharsets.UTF_8);
        UntrustedInput.read(utf8.length, BOUND, () -> {
            String problem = JsonObjectCheck.problem(text, REPORT_DEPTH);
            if (problem != null) {
                assertTrue(problem.startsWith("expected "), () -> "a problem that does not say what was expected: " + problem);
                return null;
            }
            assertOneNode(StatsFile.text(Map.of(StatsFile.POOL, "p", StatsFile.WALL_NANOS, 1L), List.of(text)));
            return null;
        });
    }

    /** The file is one object whose nodes hold exactly one entry, with nothing after it. */
    private static void assertOneNode(String file) throws Exception {
        try (JsonParser p = new JsonFactory().createParser(file)) {
            assertEquals(JsonToken.START_OBJECT, p.nextToken());
            int nodes = -1;
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String key = p.currentName();
                JsonToken value = p.nextToken();
                if (key.equals(StatsFile.NODES)) {
                    assertEquals(JsonToken.START_ARRAY, value, "nodes is no array");
                    nodes = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        p.skipChildren();
                        nodes++;
                    }
                } else {
                    p.skipChildren();
                }
            }
            assertEquals(JsonToken.END_OBJECT, p.currentToken(), "the file does not end its object");
            assertNull(p.nextToken(), "something after the file's object");
            assertEquals(1, nodes, () -> "one report accepted became " + file);
        }
    }

    /** The seeds: reports as a node writes them. */
    @Test
    void theSeedsAreWhatANodeWrites() throws Exception {
        Map<NodeCounter, Long> counters = new EnumMap<>(NodeCounter.class);
        for (NodeCounter c : NodeCounter.values()) {
            counters.put(c, (long) c.ordinal() * 1_000);
        }
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("node", utf8(StatsFile.node(new NodeReport(2, "n\"2", "c\\1", "CRS", "threshold=2", 4, 99, counters,
                new NodeReport.Activity(7, 8, 2, new long[] {10, 20}, new boolean[] {true, false}),
                List.of(new RoundTrips.Row(1, "c0", 5, 1000, 0)), StatsFileTest.timeline()))));
        seeds.put("idle", utf8(StatsFile.node(new NodeReport(0, "ü", "", "RS", "", 1, 0, Map.of(),
                new NodeReport.Activity(0, 0, 0, new long[0], new boolean[0]), List.of()))));
        Seeds.check(StatisticsFuzzTest.class, "memberReport", seeds);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
