package satin.deploy.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import satin.apps.Apps;
import satin.stats.RoundTripMatrix;
import satin.stats.RoundTrips;
import satin.stats.report.NodeCounter;
import satin.stats.report.NodeReport;
import satin.stats.report.StatsFile;

/**
 * Reads a run directory: {@code result.json} from the launcher (the plan, flat or nested under
 * {@code plan}, and how it went) and {@code stats.json} from the pool's master or the simulator
 * (run fields and one report per node, by the names of {@link StatsFile}, the one schema both write). Either may be missing; a field the launcher did not write falls back to the
 * statistics, so a directory holding only what {@code satin pool --stats} wrote is a run too. The
 * run time is the exception: the pool's {@code wallNanos} (start to the end of main) comes first,
 * being measured alike whatever launched the pool; the launcher's is kept beside it.
 */
public final class RunReader {

    public static final String STATS = "stats.json";
    public static final String RESULT = "result.json";

    private RunReader() {
    }

    /** Whether {@code directory} holds a run. */
    public static boolean isRun(Path directory) {
        return Files.isRegularFile(directory.resolve(STATS)) || Files.isRegularFile(directory.resolve(RESULT));
    }

    /**
     * Every run in {@code directories}, a directory without a run standing for the runs below it;
     * repetitions the files do not number are numbered by order among runs of the same configuration.
     */
    public static List<RunData> readAll(List<Path> directories) throws IOException {
        List<RunData> runs = new ArrayList<>();
        for (Path d : directories) {
            for (Path run : runsUnder(d)) {
                runs.add(read(run));
            }
        }
        return uniqueNames(numberRepetitions(runs));
    }

    /** {@code directory} itself if it is a run, else the runs below it, in name order. */
    public static List<Path> runsUnder(Path directory) throws IOException {
        if (isRun(directory)) {
            return List.of(directory);
        }
        if (!Files.isDirectory(directory)) {
            throw new IOException(directory + ": not a directory");
        }
        try (Stream<Path> walk = Files.walk(directory.toRealPath())) { // latest is a link, followed here alone
            List<Path> found = walk.filter(Files::isDirectory).filter(RunReader::isRun).sorted()
                    .collect(Collectors.toList());
            if (found.isEmpty()) {
                throw new IOException(directory + ": no run below it (a run directory holds " + STATS + " or "
                        + RESULT + ")");
            }
            return found;
        }
    }

    /** One run directory. */
    public static RunData read(Path directory) throws IOException {
        String resultName = directory.resolve(RESULT).toString();
        Map<String, Object> result = withPlan(file(directory.resolve(RESULT)), resultName);
        Path statsFile = statsFile(directory, result);
        Map<String, Object> stats = file(statsFile);
        if (stats.isEmpty() && result.isEmpty()) {
            throw new IOException(directory + ": neither " + STATS + " nor " + RESULT);
        }
        String statsName = statsFile.toString();
        List<Object> nodeList = Json.list(stats.get(StatsFile.NODES), statsName + ": key '" + StatsFile.NODES + "'");
        Map<String, Long> totals = new HashMap<>();
        List<NodeTrace> traces = new ArrayList<>();
        List<NodeReport> reports = new ArrayList<>();
        RoundTripMatrix roundTrips = new RoundTripMatrix();
        for (int i = 0; i < nodeList.size(); i++) {
            String where = statsName + ": nodes[" + i + "]";
            Map<String, Object> node = Json.object(nodeList.get(i), where);
            addCounters(node, totals);
            NodeTrace trace = trace(node, where);
            traces.add(trace);
            reports.add(report(node, where, i, trace));
            addRoundTrips(node, where, roundTrips);
        }
        Object app = result.get("app");
        Map<String, Object> appObject = app instanceof Map ? Json.object(app, resultName + ": key 'app'") : Map.of();
        String appName = first(shortName(app instanceof Map ? Json.text(appObject, "name") : Json.text(result, "app")),
                shortName(Json.text(stats, StatsFile.MAIN)), "?");
        String args = args(result.containsKey("args") ? result.get("args") : appObject.get("args"));
        Long launcherNanos = Json.integer(result, "wallNanos", resultName);
        double runSeconds = seconds(result, resultName, stats, statsName);
        Double wanRate = Json.number(stats, StatsFile.WAN_MESSAGES_PER_SECOND, statsName);
        double wan = wanRate != null ? wanRate
                : runSeconds > 0 ? totals.getOrDefault(NodeCounter.WAN_MESSAGES_SENT.key(), 0L) / runSeconds : 0;
        Long repetition = Json.integer(result, "repetition", resultName);
        Long exit = Json.integer(result, "exitCode", resultName);
        return new RunData(directory.getFileName() == null ? directory.toString() : directory.getFileName().toString(),
                directory, appName, args,
                first(Json.text(result, "balancer"), Json.text(stats, StatsFile.BALANCER), "?"),
                first(Json.text(result, "wan"), Json.text(stats, StatsFile.WAN), "none"),
                clusters(result, resultName, stats, statsName),
                nodes(result, resultName, nodeList.size()),
                repetition == null ? 0 : repetition.intValue(), exit == null ? null : exit.intValue(), runSeconds,
                launcherNanos == null ? null : launcherNanos / 1e9, sequential(result, resultName),
                startup(result, resultName, launcherNanos, runSeconds), first(Json.text(result, "experiment"), "", ""),
                wan, totals,
                traces, roundTrips, reports);
    }

    /**
     * The launcher nests the plan under {@code plan}; its fields are read as if they were at the top,
     * where fields of the record itself (time, exit code) win.
     */
    private static Map<String, Object> withPlan(Map<String, Object> result, String resultName) {
        if (!(result.get("plan") instanceof Map)) {
            return result;
        }
        Map<String, Object> flat = new LinkedHashMap<>(Json.object(result.get("plan"), resultName + ": key 'plan'"));
        flat.putAll(result);
        return flat;
    }

    /** The statistics the result names ({@code stats}), else {@code stats.json}. */
    private static Path statsFile(Path directory, Map<String, Object> result) {
        String named = Json.text(result, "stats");
        if (named != null && !named.isEmpty() && Files.isRegularFile(directory.resolve(named))) {
            return directory.resolve(named);
        }
        return directory.resolve(STATS);
    }

    private static Map<String, Object> file(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IOException(file + ": not UTF-8 text", e);
        }
        return Json.object(Json.parse(text, file.toString()), file.toString());
    }

    private static void addCounters(Map<String, Object> node, Map<String, Long> totals) {
        node.forEach((k, v) -> {
            if (v instanceof Long n && !k.equals(StatsFile.NODE) && !k.equals(StatsFile.ACTIVITY_ORIGIN_EPOCH_MICROS)) {
                totals.merge(k, n, Long::sum);
            }
        });
    }

    /** A node's measured round trips, if it reported any (runs from before they were measured did not). */
    private static void addRoundTrips(Map<String, Object> node, String where, RoundTripMatrix into) {
        if (!node.containsKey(StatsFile.ROUND_TRIPS)) {
            return;
        }
        String from = first(Json.text(node, StatsFile.CLUSTER), null, "?");
        List<Object> list = Json.list(node.get(StatsFile.ROUND_TRIPS), where + ": key '" + StatsFile.ROUND_TRIPS + "'");
        for (int i = 0; i < list.size(); i++) {
            String at = where + ": roundTrips[" + i + "]";
            Map<String, Object> m = Json.object(list.get(i), at);
            into.add(from, first(Json.text(m, RoundTrips.CLUSTER), null, "?"), required(m, RoundTrips.REPLIES, at),
                    required(m, RoundTrips.SMOOTHED_NANOS, at), required(m, RoundTrips.CONFIGURED_NANOS, at));
        }
    }

    private static long required(Map<String, Object> object, String key, String where) {
        Long v = Json.integer(object, key, where);
        if (v == null) {
            throw new IllegalArgumentException(where + ": key '" + key + "' missing");
        }
        return v;
    }

    private static NodeTrace trace(Map<String, Object> node, String where) {
        List<Object> activity = Json.list(node.get(StatsFile.ACTIVITY), where + ": key '" + StatsFile.ACTIVITY + "'");
        long[] times = new long[activity.size()];
        boolean[] busy = new boolean[activity.size()];
        for (int i = 0; i < times.length; i++) {
            String at = where + ": activity[" + i + "]";
            List<Object> pair = Json.list(activity.get(i), at);
            if (pair.size() != 2 || !(pair.get(0) instanceof Number t) || !(pair.get(1) instanceof Number s)) {
                throw new IllegalArgumentException(at + ": expected [offset nanoseconds, 0 or 1] but found " + pair);
            }
            times[i] = t.longValue();
            busy[i] = s.longValue() != 0;
        }
        Long origin = Json.integer(node, StatsFile.ACTIVITY_ORIGIN_EPOCH_MICROS, where);
        String name = first(Json.text(node, StatsFile.NAME), Json.text(node, StatsFile.NODE), "node " + where);
        return new NodeTrace(name, origin == null ? 0 : origin, times, busy);
    }

    /** The node as its report: the fields it gave, the ones it left out zero or empty. */
    private static NodeReport report(Map<String, Object> node, String where, int index, NodeTrace trace) {
        Map<NodeCounter, Long> counters = new EnumMap<>(NodeCounter.class);
        for (NodeCounter c : NodeCounter.values()) {
            Long v = Json.integer(node, c.key(), where);
            if (v != null) {
                counters.put(c, v);
            }
        }
        Long id = Json.integer(node, StatsFile.NODE, where);
        Long transitions = Json.integer(node, StatsFile.ACTIVITY_TRANSITIONS, where);
        NodeReport.Activity activity = new NodeReport.Activity(trace.originEpochMicros(),
                orZero(Json.integer(node, StatsFile.JOINED_NANOS, where)),
                transitions == null ? trace.times().length : transitions, trace.times(), trace.busy());
        return new NodeReport(id == null ? index : id.intValue(), trace.name(),
                first(Json.text(node, StatsFile.CLUSTER), null, "?"), first(Json.text(node, StatsFile.BALANCER), null, ""),
                first(Json.text(node, StatsFile.BALANCER_SETTINGS), null, ""),
                (int) orZero(Json.integer(node, StatsFile.WORKERS, where)),
                orZero(Json.integer(node, StatsFile.WALL_NANOS, where)), counters, activity, List.of(),
                TimelineReader.read(node, where));
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static double seconds(Map<String, Object> result, String resultName, Map<String, Object> stats,
            String statsName) {
        // the pool's own measure first: the launcher's also counts starting JVMs, which differs by placement
        Long nanos = Json.integer(stats, StatsFile.WALL_NANOS, statsName);
        if (nanos == null) {
            nanos = Json.integer(result, "wallNanos", resultName);
        }
        if (nanos == null) {
            throw new IllegalArgumentException(statsName + ": key 'wallNanos' missing here and in " + resultName);
        }
        return nanos / 1e9;
    }

    /**
     * The launcher's time besides the pool's run, or what the run says it was ({@code startupNanos}:
     * a simulated run's wall clock is no measure of its simulated start).
     */
    private static Double startup(Map<String, Object> result, String resultName, Long launcherNanos,
            double runSeconds) {
        Long nanos = Json.integer(result, "startupNanos", resultName);
        if (nanos != null) {
            return nanos / 1e9;
        }
        return launcherNanos == null ? null : Math.max(0, launcherNanos / 1e9 - runSeconds);
    }

    private static Double sequential(Map<String, Object> result, String resultName) {
        Long nanos = Json.integer(result, "sequentialNanos", resultName);
        if (nanos != null) {
            return nanos / 1e9;
        }
        return Json.number(result, "sequentialSeconds", resultName);
    }

    /** {@code clusters} is a count or the plan's list of clusters. */
    private static int clusters(Map<String, Object> result, String resultName, Map<String, Object> stats,
            String statsName) {
        Object c = result.get("clusters");
        if (c instanceof List<?> l) {
            return l.size();
        }
        Long n = Json.integer(result, "clusters", resultName);
        if (n == null) {
            n = Json.integer(stats, StatsFile.CLUSTERS, statsName);
        }
        return n == null ? 1 : n.intValue();
    }

    /** {@code nodes} in the result, else the sum over its clusters' {@code nodes}, else the reports. */
    private static int nodes(Map<String, Object> result, String resultName, int reports) {
        Long n = Json.integer(result, "nodes", resultName);
        if (n != null) {
            return n.intValue();
        }
        if (result.get("clusters") instanceof List<?> l) {
            long sum = 0;
            for (int i = 0; i < l.size(); i++) {
                String where = resultName + ": clusters[" + i + "]";
                Long k = Json.integer(Json.object(l.get(i), where), "nodes", where);
                sum += k == null ? 0 : k;
            }
            if (sum > 0) {
                return (int) sum;
            }
        }
        return reports;
    }

    private static String args(Object args) {
        if (args == null) {
            return "";
        }
        if (args instanceof List<?> l) {
            return l.stream().map(String::valueOf).collect(Collectors.joining(" "));
        }
        return String.valueOf(args);
    }

    /** The application's short name for a main class it knows, else the class itself. */
    static String shortName(String mainClass) {
        if (mainClass == null) {
            return null;
        }
        for (String name : Apps.names()) {
            if (Apps.mainClass(name).equals(mainClass)) {
                return name;
            }
        }
        return mainClass;
    }

    private static String first(String a, String b, String otherwise) {
        return a != null && !a.isEmpty() ? a : b != null && !b.isEmpty() ? b : otherwise;
    }

    /**
     * Runs whose directories share a name (the launcher names a run by its pool and the second it
     * started, and cells of one comparison start in the same second) are named with the directory
     * above them too, the comparison's cell; a row of the tables then tells which run it is.
     */
    private static List<RunData> uniqueNames(List<RunData> runs) {
        Map<String, Long> count = runs.stream().collect(Collectors.groupingBy(RunData::name, Collectors.counting()));
        java.util.Set<String> taken = new java.util.HashSet<>();
        List<RunData> named = new ArrayList<>(runs.size());
        for (RunData r : runs) {
            Path above = r.directory().toAbsolutePath().getParent();
            String name = count.get(r.name()) == 1 || above == null || above.getFileName() == null ? r.name()
                    : above.getFileName() + "/" + r.name();
            String unique = name;
            for (int i = 2; !taken.add(unique); i++) { // the same cell in two merged invocations
                unique = name + "-" + i;
            }
            named.add(unique.equals(r.name()) ? r : r.withName(unique));
        }
        return named;
    }

    private static List<RunData> numberRepetitions(List<RunData> runs) {
        Map<String, Integer> seen = new LinkedHashMap<>();
        List<RunData> numbered = new ArrayList<>(runs.size());
        for (RunData r : runs) {
            String key = r.workload() + "|" + r.balancer() + "|" + r.wan() + "|" + r.clusters() + "|" + r.nodes();
            int n = seen.merge(key, 1, Integer::sum);
            numbered.add(r.repetition() > 0 ? r : r.withRepetition(n));
        }
        return numbered;
    }
}
