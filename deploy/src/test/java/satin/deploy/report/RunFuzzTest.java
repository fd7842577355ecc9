package satin.deploy.report;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.deploy.descriptor.Descriptors;
import satin.deploy.launch.RunRecord;
import satin.deploy.plan.RunPlan;
import satin.stats.RoundTrips;
import satin.stats.StealLog;
import satin.stats.WorkerStateLog;
import satin.stats.report.JsonObjectCheck;
import satin.stats.report.NodeCounter;
import satin.stats.report.NodeReport;
import satin.stats.report.RunFields;
import satin.stats.report.StatsFile;
import satin.stats.report.Timeline;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz targets for what {@code satin report} reads: a run directory's {@code result.json} (the run
 * record) and {@code stats.json} (the statistics), read alone and made into the whole report; and
 * the statistics a master accepts from a member, as they end up in its stats.json. A run, a report,
 * or a refusal {@code satin report} prints (an IOException or IllegalArgumentException with a
 * message); never another throwable, a hang or memory out of proportion to the files.
 *
 * <p>An input is the two files: result.json's bytes, a NUL byte, then stats.json's; a file whose
 * part is empty (or, for stats.json, missing with the NUL) is left out.
 */
@Tag("fuzz")
class RunFuzzTest {

    /** Jackson's parser and the values built; the report adds its charts, drawn at a fixed size. */
    private static final UntrustedInput.Bound READ = new UntrustedInput.Bound(16 << 20, 1_024);
    private static final UntrustedInput.Bound REPORT = new UntrustedInput.Bound(256 << 20, 16_384);
    private static final int REPORT_DEPTH = 8;
    private static Path root;

    @FuzzTest
    void runDirectory(byte[] files) throws Throwable {
        Path run = run(files);
        UntrustedInput.read(files.length, READ, () -> RunReader.read(run), IOException.class,
                IllegalArgumentException.class);
    }

    @FuzzTest
    void report(byte[] files) throws Throwable {
        Path run = run(files);
        Path out = root.resolve("report");
        try {
            UntrustedInput.read(files.length, REPORT, () -> Reports.write(List.of(run), out), IOException.class,
                    IllegalArgumentException.class);
        } finally {
            delete(out);
        }
    }

    /** A member's statistics that the master accepts, in the stats.json it writes: a run, or a clear refusal. */
    @FuzzTest
    void acceptedStatistics(byte[] utf8) throws Throwable {
        String report = new String(utf8, StandardCharsets.UTF_8);
        if (JsonObjectCheck.problem(report, REPORT_DEPTH) != null) {
            return; // refused on arrival: satin.stats.report's own target checks that refusal
        }
        String stats = StatsFile.text(fields().fields(), List.of(report));
        Path run = run(("\0" + stats).getBytes(StandardCharsets.UTF_8));
        UntrustedInput.read(utf8.length, READ, () -> RunReader.read(run), IllegalArgumentException.class);
    }

    private static synchronized Path run(byte[] files) throws IOException {
        if (root == null) {
            root = Files.createTempDirectory("satin-fuzz-run");
        }
        Path run = Files.createDirectories(root.resolve("run"));
        int nul = indexOf(files, (byte) 0);
        write(run.resolve(RunReader.RESULT), files, 0, nul < 0 ? files.length : nul);
        write(run.resolve(RunReader.STATS), files, nul < 0 ? files.length : nul + 1, files.length);
        return run;
    }

    private static void write(Path file, byte[] bytes, int from, int to) throws IOException {
        if (to > from) {
            Files.write(file, java.util.Arrays.copyOfRange(bytes, from, to));
        } else {
            Files.deleteIfExists(file);
        }
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static void delete(Path p) throws IOException {
        if (Files.exists(p)) {
            try (Stream<Path> all = Files.walk(p)) {
                for (Path q : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }

    @AfterAll
    static void removeTheRuns() throws IOException {
        if (root != null) {
            delete(root);
        }
    }

    private static RunFields fields() {
        return new RunFields("p", "satin.apps.fib.Fib", null, "CRS", "", "10ms/1MB/s", null, 2, 2_000_000_000L,
                12.5, Map.of());
    }

    /** A node's report as the node writes it. */
    private static String node(int id, String cluster) {
        Map<NodeCounter, Long> counters = new EnumMap<>(NodeCounter.class);
        for (NodeCounter c : NodeCounter.values()) {
            counters.put(c, (long) c.ordinal() * 10 + id);
        }
        return StatsFile.node(new NodeReport(id, "n" + id, cluster, "CRS", "", 2, 1_900_000_000L, counters,
                new NodeReport.Activity(1_700_000_000_000_000L, 5_000, 3, new long[] {0, 400_000_000, 1_800_000_000},
                        new boolean[] {true, false, true}),
                List.of(new RoundTrips.Row(1 - id, cluster.equals("a") ? "b" : "a", 7, 20_000_000, 20_000_000)),
                timeline(id)));
    }

    /** Node 0 gives job 5 to node 1, which takes it; each has a worker and counts its messages. */
    private static Timeline timeline(int id) {
        return new Timeline(List.of(new Timeline.Worker(new long[] {0, 400_000_000}, new int[] {
                WorkerStateLog.IDLE, WorkerStateLog.RUNNING}, id)),
                List.of(new Timeline.Move(id == 0 ? StealLog.GAVE : StealLog.GOT, 1 - id, 5, 300_000_000, 400_000_000),
                        new Timeline.Move(StealLog.EMPTY, 1 - id, -1, 100_000_000, 120_000_000)),
                0, new Timeline.Intervals(1_000, 1_000_000, List.of(new long[] {4, 0, 1}, new long[] {3, 1, 1})),
                new Timeline.Intervals(0, 1_000_000, List.of(new long[] {0, 2})));
    }

    /** result.json as the launcher writes it, with this machine's facts replaced by fixed ones. */
    private static String result(Path dir, String example) throws IOException {
        RunPlan plan = Descriptors.parse(Files.readString(Path.of("examples", example)), example, Map.of(), Path.of("."))
                .plan();
        Path file = dir.resolve(example + ".json");
        RunRecord.write(file, plan, Instant.parse("2026-11-28T00:00:00Z"), Duration.ofMillis(2_500), 0, "finished",
                RunReader.STATS);
        return Files.readString(file).replaceAll("\"(javaVersion|javaVendor|os|host)\": \"[^\"]*\"", "\"$1\": \"x\"")
                .replaceAll("\"(processors|totalMemoryBytes)\": \\d+", "\"$1\": 2");
    }

    /** The seeds: run directories as the launcher and the pool's master write them. */
    @Test
    void theSeedsAreWhatTheLauncherAndTheMasterWrite() throws IOException {
        Path dir = Files.createTempDirectory("satin-fuzz-seeds");
        try {
            String stats = StatsFile.text(fields().fields(), List.of(node(0, "a"), node(1, "b")));
            String result = result(dir, "two-clusters-processes.yaml");
            Map<String, byte[]> runs = new LinkedHashMap<>();
            runs.put("launcher-and-master", (result + "\0" + stats).getBytes(StandardCharsets.UTF_8));
            runs.put("master-only", ("\0" + stats).getBytes(StandardCharsets.UTF_8));
            runs.put("launcher-only", result(dir, "local-4x16.yaml").getBytes(StandardCharsets.UTF_8));
            Seeds.check(RunFuzzTest.class, "runDirectory", runs);
            Seeds.check(RunFuzzTest.class, "report", runs);
            Seeds.check(RunFuzzTest.class, "acceptedStatistics", Map.of("node", node(1, "b").getBytes(StandardCharsets.UTF_8)));
        } finally {
            delete(dir);
        }
    }
}
