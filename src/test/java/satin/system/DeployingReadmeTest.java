package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/deploying.md's "Deploying runs and comparing balancers", command by command, exactly as written,
 * from the project's root: every run it makes finished and printed what the sequential program
 * prints, each comparison leaves its table and report, the report is written again from the
 * comparison's files, and the standalone registry serves a pool that joins it with the secret the
 * block made, then exits with that run. Whatever the commands leave in the root is removed again.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DeployingReadmeTest {

    private static final String DOC = "docs/deploying.md";
    private static final String HEADING = "## Deploying runs and comparing balancers";
    private static final Pattern RUNS = Pattern.compile("satin: (\\d+) runs; report in (\\S+)/report ");
    private static final Pattern OPTION = Pattern.compile("--(\\S+) '?([^' ]+)'?");

    private final Path root = Project.root();
    private final Path results = root.resolve("satin-results");
    /** Output of the sequential program by main class and arguments. */
    private final Map<List<String>, String> sequential = new HashMap<>();
    private Processes ps;

    @Test
    void everyCommandRunsAsWrittenAndLeavesWhatItPromises() throws Exception {
        List<String> commands = ReadmeBlock.commands(ReadmeBlock.under(root.resolve(DOC), HEADING));
        assertEquals(7, commands.size(), "two runs, two comparisons, a report, a secret, a registry: " + commands);
        try (RootLeftovers left = new RootLeftovers(root, "satin-results", "satin-stats.json", "pool.secret");
                Processes processes = new Processes()) {
            ps = processes;
            for (String command : commands) {
                if (command.startsWith("./satin run ")) {
                    assertEquals(1, runAll(command).runs().size(), "one run directory: " + command);
                } else if (command.startsWith("./satin compare ")) {
                    compare(command);
                } else if (command.startsWith("./satin report ")) {
                    report(command);
                } else if (command.startsWith("./satin registry ")) {
                    registry(command);
                } else if (command.contains("pool.secret")) {
                    secret(command);
                } else {
                    throw new AssertionError("a command this test does not know: " + command);
                }
            }
        }
    }

    /** A command's process and the run directories it made. */
    private record Made(Processes.Child child, List<Path> runs) {
    }

    /**
     * Runs the command and checks every run directory it made: finished with exit code 0, its
     * output what the sequential program prints; returns those directories.
     */
    private Made runAll(String command) throws Exception {
        Set<Path> before = new HashSet<>(runDirs());
        Processes.Child c = bash(command, 600);
        List<Path> made = runDirs().stream().filter(d -> !before.contains(d)).toList();
        assertFalse(made.isEmpty(), "no run directory: " + c);
        for (Path run : made) {
            String record = Files.readString(run.resolve("result.json"));
            assertTrue(record.contains("\"exitCode\": 0"), run + ": " + record);
            assertEquals(sequentialOf(record), Files.readString(run.resolve("stdout.txt")),
                    run + " printed what the sequential program prints");
        }
        if (made.size() == 1) {
            assertEquals(Files.readString(made.get(0).resolve("stdout.txt")), c.out(), "the run's output, as it came");
        }
        return new Made(c, made);
    }

    /** Its runs, the table with a row per balancer, and the report where the command says it is. */
    private void compare(String command) throws Exception {
        Set<Path> before = new HashSet<>(runDirs());
        Made ran = runAll(command);
        List<Path> made = ran.runs();
        Processes.Child c = ran.child();
        Matcher m = RUNS.matcher(c.err());
        assertTrue(m.find(), "where the report is: " + c);
        assertEquals(made.size(), Integer.parseInt(m.group(1)), c.err());
        Path invocation = root.resolve(m.group(2));
        assertTrue(made.stream().allMatch(r -> r.startsWith(invocation)), "its runs in its own directory: " + made);
        assertTrue(before.stream().noneMatch(r -> r.startsWith(invocation)), invocation + " is new");
        Map<String, String> options = options(command);
        if (options.containsKey("balancers")) {
            int cells = options.get("balancers").split(";").length * options.get("wans").split(";").length;
            assertEquals(cells * Integer.parseInt(options.get("repetitions")), made.size(), "every cell, every repetition");
            for (String balancer : options.get("balancers").split(";")) {
                assertTrue(c.out().contains("| " + balancer + " |"), balancer + "'s row: " + c.out());
            }
        }
        assertReport(invocation.resolve("report"), made.size());
    }

    /** The report is written anew (the test removes the one the comparison left) from the same runs. */
    private void report(String command) throws Exception {
        Matcher m = Pattern.compile("report (\\S+)").matcher(command);
        assertTrue(m.find(), command);
        Path runs = root.resolve(m.group(1));
        Path report = runs.resolve("report");
        // runDirs() names the runs through the directory latest points at
        Path target = Files.isSymbolicLink(runs) ? runs.resolveSibling(Files.readSymbolicLink(runs)) : runs;
        int count = (int) runDirs().stream().filter(r -> r.startsWith(target)).count();
        assertTrue(count > 0, "the comparison before it left runs in " + runs);
        try (Stream<Path> files = Files.walk(report)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        Processes.Child c = bash(command, 120);
        assertTrue(c.out().contains("files written to " + m.group(1) + "/report"), c.toString());
        assertReport(report, count);
    }

    private static void assertReport(Path report, int runs) throws IOException {
        for (String f : List.of("results.csv", "results.md", "runtime.png", "runtime.svg", "wan-messages.png")) {
            assertTrue(Files.isRegularFile(report.resolve(f)) && Files.size(report.resolve(f)) > 0, "no " + f + " in " + report);
        }
        assertEquals(runs + 1, Files.readAllLines(report.resolve("results.csv")).size(), "a header and a row per run");
    }

    /** The secret file exists, holds something, and only its owner may read it. */
    private void secret(String command) throws Exception {
        bash(command, 30);
        Path file = root.resolve("pool.secret");
        assertFalse(Files.readString(file).isBlank(), "an empty secret");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), perms);
    }

    /**
     * The registry says where it listens; a pool process of 2 nodes joins it there with the same
     * pool and secret and computes what the sequential program does; the registry then ends with
     * the run, and its port is free again.
     */
    private void registry(String command) throws Exception {
        Map<String, String> o = options(command);
        Matcher listen = Pattern.compile("tcp://[^:]+:(\\d+)").matcher(o.get("listen"));
        assertTrue(listen.matches(), command);
        int port = Integer.parseInt(listen.group(1));
        Processes.Child registry = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
        registry.awaitErrLine(l -> l.startsWith("satin: registry of pool " + o.get("pool") + " at tcp://")
                && l.contains(":" + port), 120);
        List<String> pool = List.of("./satin", "pool", "--registry", "tcp://127.0.0.1:" + port, "--pool", o.get("pool"),
                "--secret-file", o.get("secret-file"), "--nodes", "2", "satin.apps.fib.FibThreshold", "30", "20");
        Processes.Child joined = ps.command("a pool joining the registry", root, pool);
        assertEquals(0, joined.exit(120), joined.toString());
        assertEquals(sequentialOf("satin.apps.fib.FibThreshold", List.of("30", "20")), joined.out());
        assertTrue(joined.err().contains("2 nodes in 1 cluster"), joined.err());
        assertEquals(0, registry.exit(60), "the registry ends with the run: " + registry);
        Ports.awaitFree(port);
    }

    private Processes.Child bash(String command, long seconds) throws Exception {
        Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
        assertEquals(0, c.exit(seconds), command + " failed: " + c);
        return c;
    }

    /** The command's options with their values, quotes taken off. */
    private static Map<String, String> options(String command) {
        Map<String, String> o = new HashMap<>();
        for (Matcher m = OPTION.matcher(command); m.find();) {
            o.put(m.group(1), m.group(2));
        }
        return o;
    }

    /** Every run directory (one with result.json) under satin-results, links not followed. */
    private List<Path> runDirs() throws IOException {
        if (!Files.isDirectory(results)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(results)) {
            return all.filter(p -> p.getFileName().toString().equals("result.json")).map(Path::getParent).toList();
        }
    }

    /** What the sequential program prints for the application a run record names. */
    private String sequentialOf(String record) throws Exception {
        Matcher main = Pattern.compile("\"mainClass\": \"([^\"]+)\"").matcher(record);
        Matcher args = Pattern.compile("\"args\": \\[([^\\]]*)\\]").matcher(record);
        assertTrue(main.find() && args.find(), record);
        List<String> list = new ArrayList<>();
        for (Matcher a = Pattern.compile("\"([^\"]*)\"").matcher(args.group(1)); a.find();) {
            list.add(a.group(1));
        }
        return sequentialOf(main.group(1), list);
    }

    private String sequentialOf(String mainClass, List<String> args) throws Exception {
        List<String> key = new ArrayList<>(args);
        key.add(0, mainClass);
        if (!sequential.containsKey(key)) {
            List<String> run = new ArrayList<>(args);
            if (mainClass.endsWith(".SyntheticTree")) {
                run.add("--no-wait"); // the same sum without the leaves' waits
            }
            sequential.put(key, ps.sequential(mainClass, run.toArray(new String[0])));
        }
        return sequential.get(key);
    }
}
