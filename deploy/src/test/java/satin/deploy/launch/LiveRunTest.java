package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static satin.deploy.launch.LauncherTest.assertNothingLeftOf;
import static satin.deploy.launch.LauncherTest.awaitPids;
import static satin.deploy.launch.LauncherTest.sequential;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;
import satin.testing.Await;

/**
 * A run seen while it goes, and a run's end held by nothing it does not need: the run directory
 * tells the registry's address while the run lives, a member silent and alive after the result
 * does not keep the launcher past its grace, and a member over ssh that takes the master's place
 * gets its statistics into the run directory.
 */
class LiveRunTest {

    @TempDir
    Path out;

    private RunPlan plan(String pool, List<ClusterPlan> clusters, String mainClass, String... args) {
        return new RunPlan(pool + System.nanoTime(), "live-run-test", clusters, "1ms/10000KB/s",
                new AppPlan(mainClass, mainClass, List.of(args)), "CRS", out, "LiveRunTest");
    }

    private static ClusterPlan cluster(String name, Placement placement, String... hosts) {
        return new ClusterPlan(name, 1, 1, placement, List.of(hosts), List.of());
    }

    /** A stand-in for ssh that runs the remote command here, as sshd would, between {@code before} and {@code after}. */
    private Path standInSsh(String name, String before, String after) throws IOException {
        Path ssh = out.resolve(name);
        Files.writeString(ssh, "#!/bin/sh\nshift 3\n" + before + "\n/bin/sh -c \"$1\"\n" + after + "\n");
        assertTrue(ssh.toFile().setExecutable(true));
        return ssh;
    }

    /** Waits for {@code condition} until {@code seconds} have passed; fails with {@code what} if it never holds. */
    private static void await(BooleanSupplier condition, int seconds, Supplier<String> what) throws InterruptedException {
        Await.until(condition, Duration.ofSeconds(seconds), what);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    @Timeout(120)
    void aScriptReadsTheRegistrysAddressFromTheRunDirectoryWhileTheRunLives() throws Exception {
        RunPlan plan = plan("registry", List.of(cluster("east", Placement.PROCESSES), cluster("west", Placement.PROCESSES)),
                "satin.apps.fib.FibThreshold", "60", "20"); // far longer than the test waits
        LaunchedRun run = new Launcher(Duration.ofSeconds(100)).start(plan);
        try {
            long master = awaitPids(run, 2).get(0);
            Path registry = run.runDir().resolve("registry.txt");
            await(() -> read(registry).endsWith("\n"), 60, () -> "registry.txt while the run lives: " + run.errOf(0));
            assertTrue(read(registry).matches("tcp://\\S+:\\d+\n"), read(registry));
            String stderr = read(run.runDir().resolve("stderr.txt")); // tail -f follows the master's stderr
            assertTrue(stderr.contains("satin: registry of pool " + plan.pool() + " at " + read(registry).strip()), stderr);
            assertTrue(ProcessHandle.of(master).map(ProcessHandle::isAlive).orElse(false), "the run still lives");
        } finally {
            run.destroy();
            run.await();
        }
        assertNothingLeftOf(plan.pool());
    }

    /**
     * A host cut off from the pool: its ssh session stays open and silent after its process is done
     * (here the stand-in sleeps after the remote command, as a client whose link is gone waits).
     */
    @Test
    @Timeout(180)
    void aMemberSilentAndAliveAfterTheResultDoesNotHoldTheRunsEndPastTheGrace() throws Exception {
        Path ssh = standInSsh("lingering-ssh", "echo 'west: session open' >&2", "exec sleep 300");
        RunPlan plan = plan("cutoff", List.of(cluster("east", Placement.PROCESSES), cluster("west", Placement.SSH,
                "localhost")), "satin.apps.nqueens.NQueens", "11", "3");
        LaunchedRun run = new Launcher(Duration.ofSeconds(150)).start(plan, CommandBuilder.forThisJvm(plan).withSsh(
                ssh.toString()));
        RunOutcome o;
        double seconds;
        try {
            ProcessHandle master = ProcessHandle.of(awaitPids(run, 2).get(0)).orElseThrow(); // it waits for west to join
            long[] masterEnded = new long[1];
            var ended = master.onExit().thenRun(() -> masterEnded[0] = System.nanoTime());
            o = run.await();
            long returned = System.nanoTime();
            ended.get(10, TimeUnit.SECONDS);
            seconds = (returned - masterEnded[0]) / 1e9;
        } finally {
            run.destroy();
            run.await();
        }
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout());
        // the grace (3 s), then stopping and draining what is left and writing the run directory; the
        // stand-in would hold the end for 300 s, and before the grace the run waited 15 s
        assertTrue(seconds < 10, "the run returned " + seconds + " s after the master's end (grace: 3 s)");
        String west = read(o.runDir().resolve("stderr-west.txt"));
        assertTrue(west.contains("west: session open"), "what the cut-off host printed is kept: " + west);
        assertNothingLeftOf(plan.pool());
    }

    @Test
    @Timeout(240)
    void whenTheMastersProcessIsKilledAMemberOverSshTakesOverAndItsStatisticsReachTheRunDirectory() throws Exception {
        Path ssh = standInSsh("ssh", "", "");
        RunPlan plan = plan("sshtakeover", List.of(cluster("east", Placement.PROCESSES), cluster("west", Placement.SSH,
                "localhost")), "satin.apps.fib.FibThreshold", "43", "20");
        LaunchedRun run = new Launcher(Duration.ofSeconds(200)).start(plan, CommandBuilder.forThisJvm(plan).withSsh(
                ssh.toString()));
        RunOutcome o;
        try {
            await(() -> run.errOf(0).contains("nodes joined; running"), 120, () -> "the master runs main: " + run.errOf(0));
            ProcessHandle.of(run.pids().get(0)).orElseThrow().destroyForcibly();
            o = run.await();
        } finally {
            run.destroy();
            run.await();
        }
        assertEquals(0, o.exitCode(), o::stderr);
        assertEquals(sequential(plan), o.stdout(), "printed once, by the member that took over");
        assertTrue(o.stderr().contains("took over and ended the run"), o::stderr);
        assertTrue(o.hasStats(), () -> "the statistics of the member over ssh that took over: " + o.stderr());
        assertTrue(Files.readString(o.statsFile()).contains("\"jobsRun\""), () -> read(o.statsFile()));
        assertNothingLeftOf(plan.pool());
    }
}
