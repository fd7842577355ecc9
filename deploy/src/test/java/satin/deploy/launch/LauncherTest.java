package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;
import satin.testing.Await;

class LauncherTest {

    @TempDir
    Path out;

    private static ClusterPlan cluster(String name, int nodes, Placement placement) {
        return new ClusterPlan(name, nodes, 1, placement, List.of(), List.of());
    }

    private RunPlan plan(String pool, List<ClusterPlan> clusters, String mainClass, String... args) {
        return new RunPlan(pool, "launcher-test", clusters, "1ms/10000KB/s", new AppPlan(mainClass, mainClass,
                List.of(args)), "CRS", out, "LauncherTest");
    }

    @Test
    @Timeout(120)
    void twoClustersInThisJvmPrintWhatTheSequentialProgramPrintsRunAfterRun() throws Exception {
        RunPlan plan = plan("injvm", List.of(new ClusterPlan("grid-0", 2, 1, Placement.IN_JVM, List.of(), List.of()),
                new ClusterPlan("grid-1", 2, 1, Placement.IN_JVM, List.of(), List.of())), "satin.apps.fib.FibThreshold",
                "30", "15");
        String expected = sequential(plan);
        for (int run = 0; run < 3; run++) { // a comparison runs the same pool in this JVM again and again
            RunOutcome o = new Launcher(Duration.ofSeconds(90)).run(plan);
            assertEquals(0, o.exitCode(), o::stderr);
            assertEquals(expected, o.stdout());
            assertRunDirectory(o, 4);
            String stats = Files.readString(o.statsFile());
            assertTrue(stats.contains("\"grid-0\"") && stats.contains("\"grid-1\""), stats);
        }
    }

    @Test
    void aPlanItCannotCarryOutIsRefusedBeforeAnythingStarts() throws IOException {
        RunPlan plan = plan("refused", List.of(cluster("east", 2, Placement.IN_JVM),
                new ClusterPlan("west", 1, 2, Placement.IN_JVM, List.of(), List.of())), // one PoolMain: one worker count
                "satin.apps.fib.FibThreshold", "30", "15");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Launcher(Duration.ofSeconds(10)).start(plan));
        assertTrue(e.getMessage().startsWith("LauncherTest: clusters [east, west] all run in this JVM"), e.getMessage());
        try (var entries = Files.list(out)) {
            assertEquals(0, entries.count(), "no run directory");
        }
    }

    @Test
    @Timeout(180)
    void twoClustersInLocalProcessesPrintWhatTheSequentialProgramPrints() throws Exception {
        RunPlan plan = plan("procs", List.of(cluster("east", 2, Placement.PROCESSES),
                cluster("west", 1, Placement.PROCESSES)), "satin.apps.nqueens.NQueens", "10", "2");
        RunOutcome o = new Launcher(Duration.ofSeconds(150)).run(plan);
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout());
        assertRunDirectory(o, 3);
        assertTrue(Files.isRegularFile(o.runDir().resolve("stderr-west.txt")), "the other process's stderr is kept");
        assertNothingLeftOf(plan.pool());
    }

    @Test
    @Timeout(180)
    void aClusterInThisJvmAndOneInAProcessMakeOnePool() throws Exception {
        RunPlan plan = plan("mixed", List.of(cluster("east", 1, Placement.IN_JVM), cluster("west", 2, Placement.PROCESSES)),
                "satin.apps.nqueens.NQueens", "10", "2");
        RunOutcome o = new Launcher(Duration.ofSeconds(150)).run(plan);
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout());
        assertRunDirectory(o, 3);
        assertNothingLeftOf(plan.pool());
    }

    @Test
    @Timeout(180)
    void sshClustersOnThisHostThroughAStandInForSshPrintWhatTheSequentialProgramPrints() throws Exception {
        // The stand-in drops ssh's options and destination and runs the remote command here, as sshd would.
        Path fakeSsh = out.resolve("fake-ssh");
        Path sshArgs = out.resolve("ssh-args");
        Files.writeString(fakeSsh, "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '" + sshArgs + "'\nshift 3\nexec /bin/sh -c \"$1\"\n");
        assertTrue(fakeSsh.toFile().setExecutable(true));
        RunPlan plan = plan("ssh", List.of(new ClusterPlan("east", 1, 1, Placement.SSH, List.of("localhost"), List.of()),
                new ClusterPlan("west", 2, 1, Placement.SSH, List.of("me@localhost", "127.0.0.1"), List.of("-Xmx256m"))),
                "satin.apps.nqueens.NQueens", "10", "2");
        CommandBuilder commands = CommandBuilder.forThisJvm(plan).withSsh(fakeSsh.toString());
        RunOutcome o = new Launcher(Duration.ofSeconds(150)).start(plan, commands).await();
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout());
        assertRunDirectory(o, 3); // every node joined, the two "remote" ones at the master's host name
        assertNothingLeftOf(plan.pool());
        String remoteCommands = Files.readString(sshArgs);
        assertEquals(3, count(remoteCommands, "--secret-file /dev/stdin"), remoteCommands);
        assertFalse(remoteCommands.contains(plan.secret()), "the secret travels on ssh's input: " + remoteCommands);
    }

    /** A run of two processes that lasts well beyond what a test waits for, in a pool named anew. */
    private RunPlan longRunInTwoProcesses(String name) {
        return plan(name + System.nanoTime(), List.of(cluster("east", 1, Placement.PROCESSES),
                cluster("west", 1, Placement.PROCESSES)), "satin.apps.fib.FibThreshold", "60", "20");
    }

    /** What ps shows of a run's processes names a file only their user can read, never the secret. */
    @Test
    @Timeout(120)
    void theSecretIsOnNoCommandLineButInAFileOnlyItsOwnerReads() throws Exception {
        RunPlan plan = longRunInTwoProcesses("secret");
        LaunchedRun run = new Launcher(Duration.ofSeconds(100)).start(plan);
        try {
            List<List<String>> commands = awaitCommandLines(run, 2);
            for (List<String> command : commands) {
                assertTrue(command.stream().noneMatch(word -> word.contains(plan.secret())), command.toString());
                Path file = Path.of(command.get(command.indexOf("--secret-file") + 1));
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
                assertEquals(plan.secret(), Files.readString(file));
            }
        } finally {
            run.destroy();
            run.await();
        }
        assertNothingLeftOf(plan.pool());
    }

    /** The process ids of a run's {@code n} processes, once they have all started. */
    static List<Long> awaitPids(LaunchedRun run, int n) throws InterruptedException {
        Await.holds(() -> run.pids().size() >= n, Duration.ofSeconds(60));
        assertEquals(n, run.pids().size(), "the processes started");
        return run.pids();
    }

    /** The command lines of a run's {@code n} processes, as ps shows them, once they have all started. */
    private static List<List<String>> awaitCommandLines(LaunchedRun run, int n) throws InterruptedException {
        List<List<String>> commands = new ArrayList<>();
        for (long pid : awaitPids(run, n)) {
            ProcessHandle.Info info = ProcessHandle.of(pid).orElseThrow().info();
            List<String> command = new ArrayList<>(List.of(info.command().orElse("?")));
            command.addAll(Arrays.asList(info.arguments().orElseThrow()));
            commands.add(command);
        }
        return commands;
    }

    @Test
    @Timeout(120)
    void aRunPastItsTimeoutIsKilledWithEveryProcess() throws Exception {
        RunPlan plan = longRunInTwoProcesses("timeout");
        String pool = plan.pool();
        RunOutcome o = new Launcher(Duration.ofSeconds(8)).run(plan);
        assertTrue(o.timedOut(), () -> "exit " + o.exitCode() + ": " + o.stderr());
        assertTrue(o.stderr().contains("exceeded its timeout"), o::stderr);
        assertTrue(o.stderr().contains("satin: registry of pool " + pool), "the master had started: " + o.stderr());
        assertEquals(String.valueOf(RunOutcome.TIMED_OUT), field(o.runDir().resolve("result.json"), "exitCode"));
        assertNothingLeftOf(pool);
    }

    @Test
    @Timeout(120)
    void aDestroyedRunLeavesNoProcessBehind() throws Exception {
        RunPlan plan = longRunInTwoProcesses("destroyed");
        String pool = plan.pool();
        LaunchedRun run = new Launcher(Duration.ofSeconds(100)).start(plan);
        List<Long> pids = awaitPids(run, 2);
        assertTrue(pids.stream().allMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)));
        run.destroy();
        RunOutcome o = run.await();
        assertEquals(RunOutcome.DESTROYED, o.exitCode(), o::stderr);
        assertNothingLeftOf(pool);
        assertTrue(pids.stream().noneMatch(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false)));
    }

    @Test
    @Timeout(240)
    void whenTheMastersProcessIsKilledAnotherMemberEndsTheRunWithTheSequentialOutputAndTheStatistics() throws Exception {
        RunPlan plan = plan("takeover" + System.nanoTime(), List.of(cluster("east", 1, Placement.PROCESSES),
                cluster("west", 1, Placement.PROCESSES)), "satin.apps.fib.FibThreshold", "43", "20");
        LaunchedRun run = new Launcher(Duration.ofSeconds(200)).start(plan);
        Await.holds(() -> run.errOf(0).contains("nodes joined; running"), Duration.ofSeconds(120));
        assertTrue(run.errOf(0).contains("nodes joined; running"), () -> "the master runs main: " + run.errOf(0));
        ProcessHandle master = ProcessHandle.of(run.pids().get(0)).orElseThrow();
        master.destroyForcibly();
        RunOutcome o = run.await();
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout(), "printed once, by the member that took over");
        assertTrue(o.stderr().contains("took over and ended the run"), o::stderr);
        assertTrue(o.hasStats(), () -> "the member that took over wrote the statistics: " + o.stderr());
        assertEquals("0", field(o.runDir().resolve("result.json"), "exitCode"));
        assertNothingLeftOf(plan.pool());
    }

    /** No child of this JVM, and no process at all, whose command line names the pool, still runs. */
    static void assertNothingLeftOf(String pool) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> left;
        do {
            left = new ArrayList<>();
            ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().orElse("").contains("satin.launch.PoolMain"))
                    .forEach(p -> addTo(p, "child of this JVM"));
            for (ProcessHandle p : ProcessHandle.allProcesses().toList()) {
                if (p.isAlive() && p.info().commandLine().orElse("").contains("--pool " + pool + " ")) {
                    addTo(p, "names pool " + pool);
                }
            }
            left = LEFT.get();
            LEFT.remove();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError("processes left behind: " + left);
    }

    private static final ThreadLocal<List<String>> LEFT = ThreadLocal.withInitial(ArrayList::new);

    private static void addTo(ProcessHandle p, String why) {
        LEFT.get().add(p.pid() + " (" + why + "): " + p.info().commandLine().orElse("?"));
    }

    private static void assertRunDirectory(RunOutcome o, int nodes) throws IOException {
        assertTrue(o.hasStats(), () -> "no statistics at " + o.statsFile() + ": " + o.stderr());
        String stats = Files.readString(o.statsFile(), StandardCharsets.UTF_8);
        assertEquals(nodes, count(stats, "\"jobsRun\""), () -> "the statistics of every node: " + stats + "\n" + o.stderr());
        assertEquals("2", field(o.statsFile(), "clusters"));
        assertEquals(o.stdout(), Files.readString(o.runDir().resolve("stdout.txt"), StandardCharsets.UTF_8));
        assertEquals(o.stderr(), Files.readString(o.runDir().resolve("stderr.txt"), StandardCharsets.UTF_8));
        Path result = o.runDir().resolve("result.json");
        assertEquals("0", field(result, "exitCode"));
        assertEquals("\"stats.json\"", field(result, "stats"));
        assertFalse(Files.readString(result).contains("launcher-test"), "the secret stays out of result.json");
    }

    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    /** The first value of a top-level-looking {@code "key": value} in a JSON file. */
    static String field(Path file, String key) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        int at = text.indexOf("\"" + key + "\"");
        assertTrue(at >= 0, () -> file + " has no " + key + ": " + text);
        int colon = text.indexOf(':', at);
        int end = colon + 1;
        while (end < text.length() && ",}\n".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        return text.substring(colon + 1, end).strip();
    }

    /** What the application, not rewritten (apps/target/sequential-classes), prints in a JVM of its own. */
    static String sequential(RunPlan plan) throws IOException, InterruptedException {
        String classPath = System.getProperty("java.class.path");
        Path classes = Arrays.stream(classPath.split(File.pathSeparator)).map(Path::of)
                .map(p -> p.toAbsolutePath().getParent()).filter(p -> p != null)
                .map(p -> p.resolve("sequential-classes")).filter(Files::isDirectory).findFirst()
                .orElseThrow(() -> new AssertionError("no sequential-classes beside any entry of the class path " + classPath));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classes + File.pathSeparator + classPath, plan.app().mainClass()));
        command.addAll(plan.app().args());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the sequential program ends");
        assertEquals(0, p.exitValue(), "the sequential program's exit code");
        return text;
    }
}
