package satin.stats.report;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the master makes of the reports every node sent at the end of a run: a table with a row per
 * node and a total, for people, and one JSON document with the run and every node's report.
 */
public final class PoolSummary {

    /** The columns of the table: heading, the report's key, and how to show it. */
    private record Column(String heading, String key, int width, double scale) {
    }

    private static final List<Column> COLUMNS = List.of(
            new Column("jobs run", "jobsRun", 12, 1),
            new Column("spawns", "spawns", 12, 1),
            new Column("steals asked", "remoteStealRequests", 12, 1),
            new Column("steals got", "remoteSteals", 10, 1),
            new Column("WAN got", "wanSteals", 8, 1),
            new Column("jobs given", "jobsGiven", 10, 1),
            new Column("results in", "resultsReceived", 10, 1),
            new Column("reruns", "jobsRerun", 6, 1),
            new Column("messages out", "messagesSent", 12, 1),
            new Column("of them WAN", "wanMessagesSent", 11, 1),
            new Column("KiB out", "bytesSent", 10, 1024),
            new Column("steal wait s", "stealWaitNanos", 12, 1e9),
            new Column("idle s", "idleNanos", 9, 1e9));

    private final List<String> reports;
    private final List<Map<String, Long>> numbers = new ArrayList<>();
    private final List<Map<String, String>> texts = new ArrayList<>();

    public PoolSummary(List<String> reports) {
        this.reports = List.copyOf(reports);
        for (String r : reports) {
            Map<String, Long> n = new LinkedHashMap<>();
            Map<String, String> t = new LinkedHashMap<>();
            flatFields(r, n, t);
            numbers.add(n);
            texts.add(t);
        }
    }

    /**
     * A report's flat fields, its numbers and its texts; the nested ones (activity, round trips) are
     * not the node's counters. A number out of range is left out: its column shows nothing rather
     * than a wrong number. Reports are JSON, checked on arrival; should one end early, what was read
     * before stays.
     */
    private static void flatFields(String report, Map<String, Long> numbers, Map<String, String> texts) {
        try (JsonParser p = StatsFile.JSON.createParser(report)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
                JsonToken value = p.nextToken();
                if (value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                    numbers.put(key, p.getLongValue());
                } else if (value == JsonToken.VALUE_STRING) {
                    texts.put(key, p.getText());
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            // keep what was read
        }
    }

    public int nodes() {
        return reports.size();
    }

    /** How many clusters the reporting nodes were in. */
    public int clusters() {
        return (int) texts.stream().map(t -> t.getOrDefault("cluster", "?")).distinct().count();
    }

    /** The sum of a numeric field over all nodes. */
    public long total(String key) {
        long sum = 0;
        for (Map<String, Long> n : numbers) {
            sum += n.getOrDefault(key, 0L);
        }
        return sum;
    }

    /** A node's numeric field, by its place in the reports (ordered by node id). */
    public long value(int index, String key) {
        return numbers.get(index).getOrDefault(key, 0L);
    }

    public String table(String title) {
        StringBuilder out = new StringBuilder(title).append(System.lineSeparator());
        out.append(String.format(Locale.ROOT, "%-5s %-16s %-10s", "node", "name", "cluster"));
        for (Column c : COLUMNS) {
            out.append(' ').append(pad(c.heading(), c.width()));
        }
        out.append(System.lineSeparator());
        for (int i = 0; i < reports.size(); i++) {
            Map<String, Long> n = numbers.get(i);
            Map<String, String> t = texts.get(i);
            out.append(String.format(Locale.ROOT, "%-5s %-16s %-10s", n.getOrDefault("node", -1L),
                    clip(t.getOrDefault("name", "?"), 16), clip(t.getOrDefault("cluster", "?"), 10)));
            for (Column c : COLUMNS) {
                out.append(' ').append(pad(cell(c, n.get(c.key())), c.width()));
            }
            out.append(System.lineSeparator());
        }
        out.append(String.format(Locale.ROOT, "%-5s %-16s %-10s", "total", "", ""));
        for (Column c : COLUMNS) {
            out.append(' ').append(pad(cell(c, total(c.key())), c.width()));
        }
        return out.append(System.lineSeparator()).append(failures()).append(cancelled()).toString();
    }

    /** A line on the spawns cancelled after a failure, when there were any (docs/decisions/0052). */
    private String cancelled() {
        long cancelled = total("jobsCancelled");
        return cancelled == 0 ? "" : String.format(Locale.ROOT, "cancelled: %d spawns that came after a failed spawn of"
                + " their invocation, dropped unrun or stopped where they ran%n", cancelled);
    }

    /**
     * A line on what failures cost, when there were any: the table's totals cannot say which nodes
     * saw a death, and a user who lost one wants to know what it cost.
     */
    private String failures() {
        long detected = total("failuresDetected");
        long thrown = total("jobsAbandoned") + total("jobsThrownAway");
        if (detected == 0 && total("jobsRerun") == 0 && thrown == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "failures: %d detected by the surviving nodes (%.3f s of silence before the"
                + " verdicts, summed), %d jobs run again, %d orphaned jobs abandoned and %d thrown away unrun,"
                + " %d results of abandoned work kept and %d calls answered with them%n",
                detected, total("detectionNanos") / 1e9, total("jobsRerun"), total("jobsAbandoned"),
                total("jobsThrownAway"), total("orphanResultsKept"), total("orphanResultsReused"));
    }

    private static String cell(Column c, Long value) {
        if (value == null) {
            return "?";
        }
        return c.scale() == 1 ? Long.toString(value) : String.format(Locale.ROOT, "%.3f", value / c.scale());
    }

    private static String pad(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "~";
    }

    /** {@code stats.json}: the run's fields, and every node's report as it came. */
    public String json(RunFields run) {
        return json(run.fields());
    }

    /**
     * One JSON document: the run ({@code run}: names to strings or numbers, in order), and every
     * node's report as it came.
     */
    public String json(Map<String, Object> run) {
        return StatsFile.text(run, reports);
    }

    /** Wide-area messages sent per second of {@code wallNanos}, by every node together. */
    public double wanMessagesPerSecond(long wallNanos) {
        return wallNanos <= 0 ? 0 : total("wanMessagesSent") / (wallNanos / 1e9);
    }
}
