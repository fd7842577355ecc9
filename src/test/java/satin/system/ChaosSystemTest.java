package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.bench.AnnouncedMain;

/**
 * Pools that lose a process while they compute: killed (SIGKILL), frozen (SIGSTOP), or asked to
 * leave (SIGTERM); a master that is killed; a process that joins late. Whatever happens, the pool
 * prints exactly what the sequential program prints, within a bound. Which process the fault hits,
 * and when, is drawn from a seeded Random; every failure message names the seed, and
 * {@code -Dchaos.seed=S} draws the same again.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class ChaosSystemTest {

    /** About 4 s sequentially on 2 cores, and as long on the pool below: long enough to strike mid-run. */
    private static final List<String> PROGRAM = List.of("satin.apps.fib.FibThreshold", "46", "20");

    /** Far above the run with a fault (a failure-free run takes 4 to 8 s): longer is a hang. */
    private static final long BOUND_SECONDS = 60;

    private static String expected;

    @BeforeAll
    static void sequentialResult() throws Exception {
        try (Processes ps = new Processes()) {
            expected = ps.sequential(PROGRAM.get(0), PROGRAM.subList(1, PROGRAM.size()).toArray(new String[0]));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RS", "RP", "CHS", "CLS", "CRS"})
    void aProcessKilledMidRunCostsTimeNotTheResult(String balancer) throws Exception {
        try (Chaos c = new Chaos(balancer)) {
            c.start("-");
            Processes.Child victim = c.strike("SIGKILL");
            victim.process.destroyForcibly();
            c.assertMasterPrintsTheSequentialResult();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RS", "RP", "CHS", "CLS", "CRS"})
    void aProcessFrozenMidRunCostsTimeNotTheResult(String balancer) throws Exception {
        try (Chaos c = new Chaos(balancer)) {
            c.start("-");
            c.strike("SIGSTOP").freeze(); // and SIGKILL when the test closes its processes
            c.assertMasterPrintsTheSequentialResult();
        }
    }

    @Test
    void whenTheMasterIsKilledASurvivorFinishesTheRunAndPrintsTheResultOnce() throws Exception {
        try (Chaos c = new Chaos("RS")) {
            c.start("-");
            c.pause();
            c.note("SIGKILL master");
            assertTrue(c.master.process.isAlive(), () -> "the run ended before the fault; " + c.context());
            c.master.process.destroyForcibly();
            StringBuilder printed = new StringBuilder();
            for (Processes.Child survivor : c.others) {
                c.assertExits(survivor, BOUND_SECONDS);
                printed.append(survivor.out());
            }
            assertEquals(expected, printed.toString(),
                    () -> "the survivors print the sequential result once, together; " + c.context());
            for (Processes.Child survivor : c.others) {
                assertEquals(0, survivor.process.exitValue(), () -> survivor.name + "'s exit code; " + c.context());
            }
        }
    }

    @Test
    void aProcessJoiningMidRunGetsWork(@TempDir Path dir) throws Exception {
        Path stats = dir.resolve("stats.json");
        try (Chaos c = new Chaos("RS")) {
            c.start(stats.toString());
            c.pause(1000); // a JVM's start-up later, the run must still have work to give
            c.note("process4 joins");
            assertTrue(c.master.process.isAlive(), () -> "the run ended before the join; " + c.context());
            Processes.Child late = c.process("process4", 1, "east");
            c.assertMasterPrintsTheSequentialResult();
            c.assertExits(late, 30);
            assertEquals(0, late.process.exitValue(), () -> "process4's exit code; " + c.context());
            long jobs = jobsRun(stats, "process4-0");
            assertTrue(jobs > 0, () -> "process4 ran " + jobs + " jobs; " + c.context());
        }
    }

    @Test
    void aProcessLeavingMidRunExitsByItselfAndTheResultIsRight() throws Exception {
        try (Chaos c = new Chaos("RS")) {
            c.start("-");
            Processes.Child leaving = c.strike("SIGTERM");
            leaving.process.destroy();
            boolean left = c.exits(leaving, 10);
            c.assertMasterPrintsTheSequentialResult();
            assertTrue(left && leaving.process.exitValue() == 0,
                    () -> leaving.name + " exits by itself with 0 within 10 s of SIGTERM; " + c.context());
        }
    }

    /** A node's jobs run, from the master's statistics; -1 if the node is not in them. */
    private static long jobsRun(Path stats, String node) throws IOException {
        Pattern jobs = Pattern.compile("\"jobsRun\":(\\d+)");
        for (String line : Files.readString(stats, StandardCharsets.UTF_8).split("\n")) {
            Matcher m = jobs.matcher(line);
            if (line.contains("\"name\":\"" + node + "\"") && m.find()) {
                return Long.parseLong(m.group(1));
            }
        }
        return -1;
    }

    /**
     * A pool of four processes computing {@link #PROGRAM}: the master (one node) and three of two
     * nodes each; with a cluster-aware balancer, the master and process1 in cluster east, the
     * others in west, over an emulated wide-area link. Remembers what it did, for the messages.
     */
    private static final class Chaos implements AutoCloseable {
        private static final int NODES = 7;

        final Processes ps = new Processes();
        final long seed = Long.getLong("chaos.seed", System.nanoTime());
        final Random random = new Random(seed);
        final String balancer;
        final boolean clusters;
        final StringBuilder story = new StringBuilder();
        final long start = System.nanoTime();
        Processes.Child master;
        final List<Processes.Child> others = new ArrayList<>();
        private String registry;

        Chaos(String balancer) {
            this.balancer = balancer;
            this.clusters = balancer.startsWith("C");
        }

        /**
         * Starts the pool and returns when main starts with every process joined. A process whose
         * start-up was starved past the failure timeout is declared dead before main and the pool
         * runs without it: that pool is not the one this test faults, so it is started again.
         */
        void start(String stats) throws IOException, InterruptedException {
            for (int attempt = 1; ; attempt++) {
                startOnce(stats);
                if (!master.err().contains(" nodes joined within ")) {
                    return;
                }
                note("a process missing when main started (declared dead while starting)");
                assertTrue(attempt < 3, () -> "the pool did not form in 3 attempts; " + context());
                for (Processes.Child p : others) {
                    p.process.destroyForcibly().waitFor();
                }
                master.process.destroyForcibly().waitFor();
                others.clear();
            }
        }

        private void startOnce(String stats) throws IOException, InterruptedException {
            List<String> options = new ArrayList<>(List.of("--name", "master", "--nodes", "1",
                    "--wait-for", Integer.toString(NODES), "--stats", stats));
            options.addAll(where("east"));
            master = ps.start("master", null, "satin.pool.PoolMain",
                    PoolSystemTest.with(PoolSystemTest.pool("chaos", options.toArray(new String[0])), program()));
            registry = PoolSystemTest.registryOf(master);
            for (int i = 1; i <= 3; i++) {
                others.add(process("process" + i, 2, i == 1 ? "east" : "west"));
            }
            master.awaitErrLine(AnnouncedMain.STARTS::equals, 120);
            note("main starts");
        }

        /** Starts a process that joins the pool with {@code nodes} nodes. */
        Processes.Child process(String name, int nodes, String cluster) throws IOException {
            // --stats -: a process elected master when the master dies writes no file into the build's tree
            List<String> options = new ArrayList<>(List.of("--name", name, "--nodes", Integer.toString(nodes),
                    "--registry", registry, "--stats", "-"));
            options.addAll(where(cluster));
            return ps.start(name, null, "satin.pool.PoolMain",
                    PoolSystemTest.with(PoolSystemTest.pool("chaos", options.toArray(new String[0])), program()));
        }

        private List<String> where(String cluster) {
            List<String> options = new ArrayList<>(List.of("--balancer", balancer));
            if (clusters) {
                options.addAll(List.of("--cluster", cluster, "--wan", "2ms/10000KB/s"));
            }
            return options;
        }

        private static List<String> program() {
            List<String> p = new ArrayList<>(List.of(AnnouncedMain.class.getName()));
            p.addAll(PROGRAM);
            return p;
        }

        /** Waits a random moment of the run, then picks a process other than the master for {@code fault}. */
        Processes.Child strike(String fault) throws InterruptedException {
            pause();
            Processes.Child victim = others.get(random.nextInt(others.size()));
            note(fault + " " + victim.name);
            assertTrue(master.process.isAlive() && victim.process.isAlive(),
                    () -> "the run ended before the fault; " + context());
            return victim;
        }

        /** Up to 2 s into main: well inside a run of 4 s or more. */
        void pause() throws InterruptedException {
            pause(2000);
        }

        void pause(int maxMillis) throws InterruptedException {
            Thread.sleep(200 + random.nextInt(maxMillis - 200));
        }

        void note(String event) {
            story.append(String.format(java.util.Locale.ROOT, "%.2f s: %s; ", (System.nanoTime() - start) / 1e9, event));
        }

        void assertMasterPrintsTheSequentialResult() throws InterruptedException {
            assertExits(master, BOUND_SECONDS);
            assertEquals(0, master.process.exitValue(), () -> "the master's exit code; " + context());
            assertEquals(expected, master.out(), () -> "the master prints the sequential result once; " + context());
        }

        void assertExits(Processes.Child p, long seconds) throws InterruptedException {
            if (!exits(p, seconds)) {
                fail("hung: " + p.name + " did not exit within " + seconds + " s; " + context());
            }
        }

        /** Waits for {@code p} to exit, and notes its exit code, or that it still runs. */
        boolean exits(Processes.Child p, long seconds) throws InterruptedException {
            if (!p.process.waitFor(seconds, TimeUnit.SECONDS)) {
                note(p.name + " still runs after " + seconds + " s");
                return false;
            }
            Thread.sleep(50); // its last lines reach the collectors
            note(p.name + " exited with " + p.process.exitValue());
            return true;
        }

        String context() {
            return "balancer " + balancer + ", seed " + seed + " (-Dchaos.seed=" + seed + " repeats the draw)\n"
                    + story + "\n" + ps.printed();
        }

        @Override
        public void close() throws InterruptedException {
            ps.close();
        }
    }
}
