package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the master makes of everyone's reports: numbers, totals, the table and one JSON document. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PoolSummaryTest {

    /** The numeric fields of a report, in the order PoolReport writes them. */
    private static final List<String> KEYS = List.of("workers", "wallNanos", "spawns", "jobsRun", "localStealAttempts",
            "localSteals", "syncWaits", "syncWaitNanos", "syncIdleNanos", "idleNanos", "remoteStealRequests",
            "remoteSteals", "remoteStealsEmpty", "stealWaitNanos", "stealRequestsReceived", "jobsGiven", "resultsSent",
            "resultsReceived", "jobsRerun", "jobsRefused", "messagesSent", "messagesReceived", "bytesSent",
            "bytesReceived", "activityOriginEpochMicros", "activityTransitions");

    /**
     * A report in PoolReport's shape, for node {@code n}: 10n jobs run, 2n KiB sent, 1.5n s idle, and
     * n for every other number.
     */
    private static String report(int n, String name) {
        StringBuilder b = new StringBuilder("{\"node\":" + n + ",\"name\":\"" + name + "\",\"cluster\":\"c" + n % 2
                + "\",\"balancer\":\"RS\",");
        for (String key : KEYS) {
            long value = switch (key) {
                case "jobsRun" -> 10L * n;
                case "bytesSent" -> 2048L * n;
                case "idleNanos" -> 1_500_000_000L * n;
                default -> n;
            };
            b.append('"').append(key).append("\":").append(value).append(',');
        }
        return b.append("\"activity\":[[10,1],[20,0]]}").toString();
    }

    private static final PoolSummary TWO = new PoolSummary(List.of(report(1, "a"), report(2, "b")));

    /** A table row as its cells: node, name, cluster, then the columns. */
    private static List<String> row(String table, int line) {
        return Arrays.asList(table.split("\\R")[line].trim().split("\\s+"));
    }

    @Test
    void itReadsEveryReportsFlatFields() {
        assertEquals(2, TWO.nodes());
        assertEquals(2, TWO.value(1, "node"));
        assertEquals(20, TWO.value(1, "jobsRun"));
        assertEquals(1, TWO.value(0, "activityTransitions"), "a field named like the trace is not the trace");
        assertEquals(0, TWO.value(0, "noSuchField"));
    }

    /** A long text in a report (what a member sends is anything) used to overflow the regex's stack. */
    @Test
    void aLongTextInAReportIsRead() {
        String longName = "n".repeat(100_000);
        PoolSummary s = new PoolSummary(List.of("{\"node\":1,\"name\":\"" + longName + "\",\"jobsRun\":5}"));
        assertEquals(5, s.total("jobsRun"));
        assertTrue(s.table("t").contains(" nnnnnnnnnnnnnnn~ "), "clipped in the table: " + s.table("t"));
    }

    @Test
    void totalsSumOverTheNodes() {
        assertEquals(30, TWO.total("jobsRun"));
        assertEquals(6144, TWO.total("bytesSent"));
        assertEquals(3, TWO.total("jobsGiven"));
    }

    @Test
    void theClustersAreCountedFromTheReports() {
        assertEquals(2, TWO.clusters());
        assertEquals(1, new PoolSummary(List.of(report(1, "a"), report(3, "c"))).clusters());
        assertEquals(0, new PoolSummary(List.of()).clusters());
    }

    @Test
    void theTableHasARowPerNodeAndATotal() {
        String table = TWO.table("the title");
        assertEquals(6, table.split("\\R").length, table);
        assertTrue(table.startsWith("the title"));
        assertEquals(List.of("node", "name", "cluster", "jobs", "run"), row(table, 1).subList(0, 5));
        assertEquals(List.of("1", "a", "c1", "10", "1", "1", "1", "?", "1", "1", "1", "1", "?", "2.000", "0.000", "1.500"),
                row(table, 2));
        assertEquals(List.of("2", "b", "c0", "20"), row(table, 3).subList(0, 4));
        assertEquals(List.of("total", "30", "3", "3", "3", "0", "3", "3", "3", "3", "0", "6.000", "0.000", "4.500"),
                row(table, 4));
        assertEquals("failures: 0 detected by the surviving nodes (0.000 s of silence before the verdicts, summed),"
                + " 3 jobs run again, 0 orphaned jobs abandoned and 0 thrown away unrun, 0 results of abandoned work kept"
                + " and 0 calls answered with them", table.split("\\R")[5]);
    }

    @Test
    void whatFailuresCostIsSaidUnderTheTableOnlyWhenThereWereAny() {
        String calm = report(1, "a").replace("\"jobsRerun\":1,", "\"jobsRerun\":0,");
        assertEquals(4, new PoolSummary(List.of(calm)).table("t").split("\\R").length);
        String hurt = calm.replace("\"activity\"", "\"failuresDetected\":2,\"detectionNanos\":4500000000,"
                + "\"jobsAbandoned\":7,\"jobsThrownAway\":5,\"orphanResultsKept\":3,\"orphanResultsReused\":2,\"activity\"");
        String[] lines = new PoolSummary(List.of(hurt)).table("t").split("\\R");
        assertEquals("failures: 2 detected by the surviving nodes (4.500 s of silence before the verdicts, summed),"
                + " 0 jobs run again, 7 orphaned jobs abandoned and 5 thrown away unrun, 3 results of abandoned work kept"
                + " and 2 calls answered with them", lines[lines.length - 1]);
    }

    @Test
    void aLongNameIsClippedAndAnUnreadableNumberShownAsUnknown() {
        String odd = report(1, "a-very-long-node-name").replace("\"jobsRun\":10", "\"jobsRun\":99999999999999999999");
        List<String> cells = row(new PoolSummary(List.of(odd)).table("t"), 2);
        assertEquals("a-very-long-nod~", cells.get(1));
        assertEquals("?", cells.get(3));
    }

    @Test
    void theJsonHasTheRunAndEveryReportAsItCame() {
        String json = TWO.json(run("p\"q", "RS", "x.Main", 5));
        assertEquals("{\"pool\":\"p\\\"q\",\"balancer\":\"RS\",\"main\":\"x.Main\",\"wallNanos\":5,\"nodes\":[\n"
                + report(1, "a") + ",\n" + report(2, "b") + "]}\n", json);
    }

    @Test
    void noReportsMakeAnEmptySummary() {
        PoolSummary none = new PoolSummary(List.of());
        assertEquals(0, none.total("jobsRun"));
        assertEquals(List.of("total", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0.000", "0.000", "0.000"),
                row(none.table("t"), 2));
        assertTrue(none.json(run("p", "RS", "M", 1)).endsWith("\"nodes\":[]}\n"));
    }

    private static java.util.Map<String, Object> run(String pool, String balancer, String main, long wallNanos) {
        java.util.Map<String, Object> run = new java.util.LinkedHashMap<>();
        run.put("pool", pool);
        run.put("balancer", balancer);
        run.put("main", main);
        run.put("wallNanos", wallNanos);
        return run;
    }
}
