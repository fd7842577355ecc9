package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.stats.RoundTrips;
import satin.stats.StealLog;

/** The one schema of stats.json: what a node's entry and the run's fields look like written. */
class StatsFileTest {

    private static NodeReport node(String name) {
        Map<NodeCounter, Long> c = new EnumMap<>(NodeCounter.class);
        c.put(NodeCounter.WAN_MESSAGES_SENT, 6L);
        c.put(NodeCounter.SPAWNS, 3L);
        return new NodeReport(2, name, "c\\1", "CRS", "", 4, 99, c,
                new NodeReport.Activity(7, 8, 2, new long[] {10, 20}, new boolean[] {true, false}),
                List.of(new RoundTrips.Row(1, "c0", 5, 1000, 0)));
    }

    @Test
    void aNodeIsOneCompactObjectWithItsCountersInTheSchemasOrder() {
        assertEquals("{\"node\":2,\"name\":\"q\\\"n\",\"cluster\":\"c\\\\1\",\"balancer\":\"CRS\",\"balancerSettings\":\"\","
                + "\"workers\":4,\"wallNanos\":99,\"spawns\":3,\"wanMessagesSent\":6,\"activityOriginEpochMicros\":7,"
                + "\"joinedNanos\":8,\"activityTransitions\":2,\"activity\":[[10,1],[20,0]],\"roundTrips\":[{\"member\":1,"
                + "\"cluster\":\"c0\",\"replies\":5,\"smoothedNanos\":1000,\"configuredNanos\":0}]}", StatsFile.node(node("q\"n")));
    }

    /** A timeline of each part: two workers, a job given and a request failed, messages and failures per interval. */
    static Timeline timeline() {
        return new Timeline(List.of(new Timeline.Worker(new long[] {0, 5}, new int[] {1, 0}, 0),
                new Timeline.Worker(new long[] {3}, new int[] {2}, 4)),
                List.of(new Timeline.Move(StealLog.GAVE, 1, 7, 10, 12), new Timeline.Move(StealLog.EMPTY, 1, -1, 13, 20)),
                2, new Timeline.Intervals(40, 1_000_000, List.of(new long[] {3, 1}, new long[] {2, 0})),
                new Timeline.Intervals(0, 1_000_000, List.of(new long[] {1})));
    }

    @Test
    void aTimelineFollowsTheActivityEachPartLeftOutWhenEmpty() {
        NodeReport n = node("t");
        String written = StatsFile.node(new NodeReport(n.node(), n.name(), n.cluster(), n.balancer(),
                n.balancerSettings(), n.workers(), n.wallNanos(), n.counters(), n.activity(), n.roundTrips(), timeline()));
        assertTrue(written.contains("\"activity\":[[10,1],[20,0]],\"workerStates\":[[0,1,5,0],[3,2]],"
                + "\"workerStatesDropped\":[0,4],\"steals\":[[0,1,7,10,12],[2,1,-1,13,20]],\"stealsDropped\":2,"
                + "\"messagesOverTime\":{\"offsetNanos\":40,\"intervalNanos\":1000000,\"sent\":[3,1],\"received\":[2,0]},"
                + "\"failedStealsOverTime\":{\"offsetNanos\":0,\"intervalNanos\":1000000,\"counts\":[1]},"
                + "\"roundTrips\""), written);
        assertNull(JsonObjectCheck.problem(written, 8), "within the depth the master accepts");
    }

    @Test
    void whatANodeWritesPassesTheCheckOnWhatPeersSend() {
        assertNull(JsonObjectCheck.problem(StatsFile.node(node("a")), 8));
    }

    @Test
    void theRunsFieldsComeFirstThenANodeALine() {
        Map<String, Object> more = new LinkedHashMap<>();
        more.put("seed", 1L);
        RunFields run = new RunFields("p", null, "simulate", "RS", "", "none", "ethernet", 1, 5, 0.5, more);
        String text = StatsFile.text(run.fields(), List.of("{\"node\":1}", "{\"node\":2}"));
        assertEquals("{\"pool\":\"p\",\"mode\":\"simulate\",\"balancer\":\"RS\",\"balancerSettings\":\"\",\"wan\":\"none\","
                + "\"lan\":\"ethernet\",\"clusters\":1,\"wallNanos\":5,\"wanMessagesPerSecond\":0.5,\"seed\":1,\"nodes\":[\n"
                + "{\"node\":1},\n{\"node\":2}]}\n", text);
        assertTrue(StatsFile.text(Map.of(), List.of()).equals("{\"nodes\":[]}\n"));
    }

    @Test
    void countersAreNamedInCamelCase() {
        assertEquals("lanMessagesSent", NodeCounter.LAN_MESSAGES_SENT.key());
        assertEquals("jobsRunForOthers", NodeCounter.JOBS_RUN_FOR_OTHERS.key());
        assertEquals("prefetched", NodeCounter.PREFETCHED.key());
    }
}
