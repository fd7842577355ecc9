package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The commands as a person types them, in this JVM: their output, their files, their refusals. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SatinCliTest {

    record Result(int code, String out, String err) {
    }

    static Result satin(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SatinCli.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void runWithoutADescriptorRunsTheApplicationOnTwoClusters(@TempDir Path dir) throws Exception {
        Result r = satin("run", "--app", "nqueens", "--args", "10", "2", "--nodes", "4", "--clusters", "2", "--balancer",
                "CRS", "--wan", "5ms/1000KB/s", "--output", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("nqueens(10) = 724"), r.out()); // 724 placements of ten queens
        assertTrue(r.err().contains("4 nodes in 2 clusters, balancer CRS"), r.err());
        try (Stream<Path> files = Files.walk(dir)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.containsAll(List.of("stats.json", "result.json", "stdout.txt")), names.toString());
        }
    }

    @Test
    void runShowsEveryProcessAsItGoesAndMainsOutputOnceUnprefixed(@TempDir Path dir) throws Exception {
        Result r = satin("run", "--app", "nqueens", "--args", "10", "2", "--nodes", "4", "--clusters", "2",
                "--where", "processes", "--output", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(1, r.out().split("nqueens\\(10\\) = 724", -1).length - 1, "printed once: " + r.out());
        assertTrue(r.out().startsWith("nqueens(10) = 724"), r.out());
        List<String> err = r.err().lines().toList();
        int registry = indexOf(err, "[grid-0@local] satin: registry of pool ");
        int joined = indexOf(err, "[grid-0@local] satin: 4 nodes joined; running");
        int started = indexOf(err, "satin-launch: main started");
        int ended = indexOf(err, "satin-launch: main ended; grid-0@local exited with 0");
        assertTrue(0 <= registry && registry < joined && joined < started && started < ended, r.err());
        assertTrue(r.err().contains("satin-launch: registry at tcp://"), r.err());
        assertTrue(r.err().contains("[grid-0@local] total "), "the table, as the master printed it: " + r.err());
    }

    /** The index of the first line that starts with {@code start}, or -1. */
    private static int indexOf(List<String> lines, String start) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(start)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void compareRunsEveryCellAndWritesEveryReportFile(@TempDir Path dir) throws Exception {
        Result r = satin("compare", "--app", "synthetic", "--args", "3", "3", "2000", "--nodes", "4", "--clusters", "2",
                "--balancers", "RS;CRS", "--wans", "single-cluster;5ms/1000KB/s", "--output", dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("[##############################] 12/12 done"), "three runs a cell: " + r.err());
        assertTrue(r.out().contains("| RS |") && r.out().contains("| CRS |"), r.out());
        assertEquals(4, r.out().split("; n = 3").length - 1, "each cell's runs counted: " + r.out());
        Path invocation = dir.resolve("latest").toRealPath();
        Path report = invocation.resolve("report");
        assertReportFiles(report, 12);
        assertEquals(13, Files.readAllLines(report.resolve("results.csv")).size(), "a header and a row per run");
        assertTrue(r.err().contains("a warm-up run in this JVM first (not reported)"), r.err());
        try (Stream<Path> runs = Files.list(invocation)) {
            assertEquals(13, runs.count(), "twelve run directories and the report, nothing of the warm-up");
        }
        try (Stream<Path> records = Files.walk(invocation)) {
            for (Path record : records.filter(p -> p.getFileName().toString().equals("result.json")).toList()) {
                assertTrue(Files.readString(record).contains("\"experiment\":\"" + invocation.getFileName() + "\""),
                        record + " names its invocation");
            }
        }
    }

    /** The files of a comparison's report: the tables, the charts, and an occupancy chart and a timeline per run. */
    static void assertReportFiles(Path report, int runs) throws java.io.IOException {
        try (Stream<Path> files = Files.list(report)) {
            assertEquals(runs, files.filter(p -> p.getFileName().toString().matches("trace-.+\\.json")).count(),
                    "a timeline per run");
        }
        for (String f : List.of("results.csv", "results.md", "runtime.png", "runtime.svg", "wan-messages.png",
                "wan-messages.svg")) {
            assertTrue(Files.size(report.resolve(f)) > 0, f);
        }
        try (Stream<Path> files = Files.list(report)) {
            assertEquals(2 * runs, files.filter(p -> p.getFileName().toString().startsWith("occupancy-")).count(),
                    "a PNG and an SVG per run");
        }
    }

    @Test
    void mistakesAreNamedWithTheOptionAndTheUsage() {
        Result uneven = satin("run", "--app", "fib", "--nodes", "5", "--clusters", "2");
        assertEquals(2, uneven.code());
        assertTrue(uneven.err().contains("--nodes 5 do not split evenly into --clusters 2"), uneven.err());
        Result unknownApp = satin("run", "--app", "fibonacci");
        assertEquals(2, unknownApp.code());
        assertTrue(unknownApp.err().contains("no application called 'fibonacci'; did you mean 'fib'?"), unknownApp.err());
        Result typo = satin("run", "--app", "nqeens");
        assertTrue(typo.err().contains("no application called 'nqeens'; did you mean 'nqueens'?"), typo.err());
        Result badBalancer = satin("run", "--app", "fib", "--balancer", "XS");
        assertEquals(2, badBalancer.code());
        assertTrue(badBalancer.err().contains("no balancer called 'XS'"), badBalancer.err());
        Result unknownOption = satin("compare", "--nodez", "4");
        assertEquals(2, unknownOption.code());
        assertTrue(unknownOption.err().contains("Unknown option: '--nodez'"), unknownOption.err());
        assertTrue(unknownOption.err().contains("Usage: satin compare"), unknownOption.err());
        Result both = satin("run", "deploy/examples/local-1x64.yaml", "--app", "fib");
        assertEquals(2, both.code());
        assertTrue(both.err().contains("give a descriptor or --app, not both"), both.err());
        Result descriptorAndClassPath = satin("run", "deploy/examples/local-1x64.yaml", "--classpath", "deploy");
        assertEquals(2, descriptorAndClassPath.code());
        assertTrue(descriptorAndClassPath.err().contains("give a descriptor or --app, not both"), descriptorAndClassPath.err());
        Result noSuchEntry = satin("run", "--app", "my.Main", "--classpath", "src:no-such.jar");
        assertEquals(2, noSuchEntry.code());
        assertTrue(noSuchEntry.err().contains("satin: --classpath: no such directory or jar: no-such.jar ("), noSuchEntry.err());
        Result timeout = satin("run", "--app", "fib", "--timeout", "soon");
        assertEquals(2, timeout.code());
        assertTrue(timeout.err().contains("--timeout: found 'soon'; expected a duration like 250ns, 2us, 10ms, 90s, 30m or 1h"), timeout.err());
    }

    @Test
    void aMatrixIsCheckedWholeBeforeItsFirstRun(@TempDir Path dir) {
        Path out = dir.resolve("results");
        Result commas = satin("compare", "--app", "fib", "--args", "20", "--nodes", "2", "--balancers", "RS,CRS",
                "--wans", "single-cluster", "--output", out.toString());
        assertEquals(2, commas.code(), commas.err());
        assertTrue(commas.err().contains("balancer 'RS,CRS': no balancer called 'RS,CRS'"), commas.err());
        assertTrue(commas.err().contains("separate the balancers of a comparison with ';'"), commas.err());
        Result lastIsWrong = satin("compare", "--app", "fib", "--args", "20", "--nodes", "2", "--balancers", "RS;CRS;XS",
                "--wans", "single-cluster", "--output", out.toString());
        assertEquals(2, lastIsWrong.code(), lastIsWrong.err());
        assertTrue(lastIsWrong.err().contains("no balancer called 'XS'"), lastIsWrong.err());
        Result wans = satin("compare", "--app", "fib", "--args", "20", "--nodes", "2", "--clusters", "2", "--wans",
                "single-cluster,100ms/100KB/s", "--output", out.toString());
        assertEquals(2, wans.code(), wans.err());
        assertTrue(wans.err().contains("WAN setting 'single-cluster,100ms/100KB/s'"), wans.err());
        assertTrue(wans.err().contains("separate the WAN settings of a comparison with ';'"), wans.err());
        assertFalse(Files.exists(out), "a refused matrix runs nothing and writes nothing");
    }

    /**
     * Arguments the application would refuse are refused before anything starts, with its own
     * message: no stack trace, no statistics, no results directory; by run and by compare, for
     * every application.
     */
    @Test
    void anApplicationsArgumentsAreCheckedBeforeAnythingStarts(@TempDir Path dir) {
        Path out = dir.resolve("results");
        Result run = satin("run", "--app", "fib", "--args", "x", "--nodes", "2", "--output", out.toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("fib does not take the arguments [x]: N must be an integer from 0 to 92, not 'x'"),
                run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
        assertFalse(run.err().contains("statistics"), run.err());
        Result compare = satin("compare", "--app", "nqueens", "--args", "8", "9", "--nodes", "2", "--wans", "single-cluster",
                "--output", out.toString());
        assertEquals(2, compare.code(), compare.err());
        assertTrue(compare.err().contains("SPAWN_ROWS must be an integer from 0 to 8, not '9'"), compare.err());
        assertFalse(Files.exists(out), "a refused run writes nothing");
        for (String app : satin.apps.Apps.names()) {
            Result r = satin("run", "--app", app, "--args", "-1", "-1", "-1", "-1", "-1", "-1", "--nodes", "2", "--output", out.toString());
            assertEquals(2, r.code(), app + ": " + r.err());
            assertTrue(r.err().contains(app + " does not take the arguments"), app + ": " + r.err());
        }
        assertFalse(Files.exists(out), "no refused run wrote anything");
    }

    /** The example in {@code satin compare --help}, as a shell would split it, is a valid matrix. */
    @Test
    void theExampleInCompareHelpIsAValidMatrix() {
        String help = satin("compare", "--help").out();
        int at = help.indexOf("  satin compare --app");
        assertTrue(at >= 0, help);
        String example = help.substring(at, help.indexOf('\n', help.indexOf("--repetitions", at)))
                .replace("\\\n", " ").trim();
        List<String> words = shellWords(example);
        assertEquals(List.of("satin", "compare"), words.subList(0, 2), example);
        CompareCommand command = new CompareCommand();
        new picocli.CommandLine(command).parseArgs(words.subList(2, words.size()).toArray(new String[0]));
        satin.deploy.descriptor.Comparison matrix = command.matrix(Plans.of(null, command.options));
        assertEquals(List.of("RS", "CRS"), matrix.balancers());
        assertEquals(List.of("single-cluster", "100ms/100KB/s"), matrix.wans());
    }

    /** Words as a POSIX shell splits them, for single quotes and backslash-newlines. */
    static List<String> shellWords(String line) {
        List<String> words = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return words;
    }

    /** The list of commands shows each one's first description line: a whole sentence, never a cut one. */
    @Test
    void everyCommandsFirstDescriptionLineIsASentence() {
        picocli.CommandLine cl = new picocli.CommandLine(new SatinCli());
        for (var e : cl.getSubcommands().entrySet()) {
            String[] description = e.getValue().getCommandSpec().usageMessage().description();
            assertTrue(description[0].endsWith("."), e.getKey() + ": " + description[0]);
        }
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("run", "compare", "simulate", "report", "registry")) {
            Result r = satin(command, "--help");
            assertEquals(0, r.code(), command);
            assertTrue(r.out().contains("Usage: satin " + command), r.out());
        }
        Result top = satin("--help");
        assertTrue(top.out().contains("satin fib [N]") && top.out().contains("compare"), top.out());
    }

    /** Every command says the one version of the build, the one result.json records. */
    @Test
    void everyCommandHasTheVersion(@TempDir Path dir) throws Exception {
        String version = satin.Satin.version();
        assertTrue(version.matches("\\d+\\.\\d+\\.\\d+.*"), version);
        for (String command : List.of("run", "compare", "simulate", "report", "registry")) {
            Result r = satin(command, "--version");
            assertEquals(0, r.code(), command);
            assertEquals("satin " + version, r.out().strip(), command);
        }
        assertEquals("satin " + version, satin("--version").out().strip());
        Result run = satin("run", "--app", "fib", "--args", "15", "--nodes", "2", "--output", dir.toString());
        assertEquals(0, run.code(), run.err());
        try (Stream<Path> files = Files.walk(dir)) {
            Path result = files.filter(p -> p.getFileName().toString().equals("result.json")).findFirst().orElseThrow();
            assertTrue(Files.readString(result).contains("\"satinVersion\": \"" + version + "\""), Files.readString(result));
        }
    }

    @Test
    void aDescriptorsProblemsAreNamedWithFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "pool: p\nclusters:\n  - name: A\n    nodes: 0\napp:\n  name: fib\n");
        Result r = satin("run", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(bad + ":4:"), r.err());
        assertTrue(r.err().contains("clusters[0].nodes"), r.err());
    }

    @Test
    void aDescriptorWithTwoClustersInProcessesRunsAndIsKeptWithTheResults(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("two.yaml");
        Files.writeString(yaml, String.join("\n", "pool: two-processes", "secret: not-for-production", "clusters:",
                "  - {name: east, nodes: 1, where: processes}", "  - {name: west, nodes: 1, where: processes}",
                "wan: 5ms/1000KB/s", "app:", "  name: nqueens", "  args: [10, 2]", "balancer: CRS",
                "output: " + dir.resolve("out"), ""));
        Result r = satin("run", yaml.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("nqueens(10) = 724"), r.out());
        assertTrue(r.err().contains("2 nodes in 2 clusters, balancer CRS"), r.err());
        try (Stream<Path> files = Files.walk(dir.resolve("out"))) {
            Path kept = files.filter(p -> p.getFileName().toString().equals("descriptor.yaml")).findFirst().orElseThrow();
            assertEquals(Files.readString(yaml), Files.readString(kept));
        }
    }

    /**
     * The sequential program fails where the pool's runs of the same program work (here a class
     * of that name ahead of it that throws): the comparison goes on without speedups, and says
     * why. Before, it said nothing, and the report's speedup column was empty.
     */
    @Test
    void aComparisonWhoseSequentialProgramFailsSaysWhy(@TempDir Path dir) throws Exception {
        Result r = compareAgainstASequentialNQueens(dir, "throw new IllegalStateException(\"no board of \" + a[0]);");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("the sequential program of nqueens 9 2 failed (exit code 1): no speedups over it"),
                r.err());
        assertTrue(r.err().contains("IllegalStateException: no board of 9"), r.err());
    }

    /**
     * Every run's output is checked against the sequential program's: a run that printed another
     * answer is a failed run, named with the first line that differs (here the sequential program
     * is the one that is wrong, which the check cannot tell: it names both lines).
     */
    @Test
    void aComparisonWhoseRunsPrintAnotherAnswerThanTheSequentialProgramFails(@TempDir Path dir) throws Exception {
        Result r = compareAgainstASequentialNQueens(dir, "System.out.println(\"nqueens(\" + a[0] + \") = 1\");");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("run 1 printed other output than the sequential program: line 1 is"
                + " 'nqueens(9) = 352 (spawning in 2 rows), verified by a naive search' where the sequential program"
                + " printed 'nqueens(9) = 1'"), r.err());
        assertTrue(r.err().contains("1 runs, 1 failed"), r.err());
    }

    /** {@code satin compare} of nqueens 9 2 whose sequential program is a class of that name with {@code body} as main. */
    private Result compareAgainstASequentialNQueens(Path dir, String body) throws Exception {
        Path source = dir.resolve("src/satin/apps/nqueens/NQueens.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package satin.apps.nqueens;\npublic class NQueens {\n    public static void main(String[] a) {\n"
                + "        " + body + "\n    }\n}\n");
        Path classes = dir.resolve("classes");
        assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                source.toString()));
        String before = System.getProperty("satin.sequentialClasses");
        System.setProperty("satin.sequentialClasses", classes.toString());
        try {
            return satin("compare", "--app", "nqueens", "--args", "9", "2", "--nodes", "2", "--balancers", "RS",
                    "--wans", "single-cluster", "--repetitions", "1", "--output", dir.resolve("out").toString());
        } finally {
            if (before == null) {
                System.clearProperty("satin.sequentialClasses");
            } else {
                System.setProperty("satin.sequentialClasses", before);
            }
        }
    }

    @Test
    void aComparisonTimesTheSequentialProgramForItsSpeedups(@TempDir Path dir) throws Exception {
        Path classes = Path.of("../apps/target/sequential-classes").toAbsolutePath().normalize();
        assertTrue(Files.isDirectory(classes), "the build keeps the sequential classes at " + classes);
        String before = System.getProperty("satin.sequentialClasses");
        System.setProperty("satin.sequentialClasses", classes.toString());
        try {
            Result r = satin("compare", "--app", "nqueens", "--args", "11", "2", "--nodes", "2", "--balancers", "RS",
                    "--wans", "single-cluster", "--output", dir.toString());
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains("timing the sequential program of nqueens 11 2"), r.err());
            List<String> csv = Files.readAllLines(dir.resolve("latest/report/results.csv"));
            List<String> header = List.of(csv.get(0).split(","));
            String[] row = csv.get(1).split(",");
            double sequential = Double.parseDouble(row[header.indexOf("sequential_s")]);
            double speedup = Double.parseDouble(row[header.indexOf("speedup")]);
            double runTime = Double.parseDouble(row[header.indexOf("run_time_s")]);
            assertTrue(sequential > 0, csv.toString());
            assertEquals(sequential / runTime, speedup, 0.01 * speedup + 0.001, csv.toString());
        } finally {
            if (before == null) {
                System.clearProperty("satin.sequentialClasses");
            } else {
                System.setProperty("satin.sequentialClasses", before);
            }
        }
    }
}
