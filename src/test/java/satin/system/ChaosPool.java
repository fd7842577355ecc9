package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import satin.bench.AnnouncedMain;

/**
 * A pool of four processes computing a program: the master (one node) and three of two
 * nodes each; with a cluster-aware balancer, the master and process1 in cluster east, the
 * others in west, over an emulated wide-area link. Remembers what it did, for the messages.
 */
final class ChaosPool implements AutoCloseable {

    private static final int NODES = 7;
    /** Far above a run with a fault (a failure-free run of ChaosSystemTest's program takes 4 to 8 s): longer is a hang. */
    static final long BOUND_SECONDS = 60;

    final Processes ps = new Processes();
    final long seed = Long.getLong("chaos.seed", System.nanoTime());
    final Random random = new Random(seed);
    final String balancer;
    /** The main class and its arguments, and what the sequential program prints for them. */
    private final List<String> program;
    private final String expected;
    final boolean clusters;
    final StringBuilder story = new StringBuilder();
    final long start = System.nanoTime();
    Processes.Child master;
    final List<Processes.Child> others = new ArrayList<>();
    private String registry;

    /** What a master says when some of the pool's processes did not join in time, and main does not run. */
    private static final String DID_NOT_FORM = "satin: the pool did not form";

    ChaosPool(String balancer, List<String> program, String expected) {
        this.balancer = balancer;
        this.program = program;
        this.expected = expected;
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
            if (!master.err().contains(DID_NOT_FORM)) {
                return;
            }
            note("a process missing at the deadline (declared dead while starting): main did not run");
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
        master = ps.start("master", null, "satin.launch.PoolMain",
                PoolSystemTest.with(PoolSystemTest.pool("chaos", options.toArray(new String[0])), program()));
        registry = PoolSystemTest.registryOf(master);
        for (int i = 1; i <= 3; i++) {
            others.add(process("process" + i, 2, i == 1 ? "east" : "west"));
        }
        String started = master.awaitErrLine(l -> l.equals(AnnouncedMain.STARTS) || l.startsWith(DID_NOT_FORM), 120);
        note(started.equals(AnnouncedMain.STARTS) ? "main starts" : "the pool did not form");
    }

    /** Starts a process that joins the pool with {@code nodes} nodes. */
    Processes.Child process(String name, int nodes, String cluster) throws IOException {
        // --stats -: a process elected master when the master dies writes no file into the build's tree
        List<String> options = new ArrayList<>(List.of("--name", name, "--nodes", Integer.toString(nodes),
                "--registry", registry, "--stats", "-"));
        options.addAll(where(cluster));
        return ps.start(name, null, "satin.launch.PoolMain",
                PoolSystemTest.with(PoolSystemTest.pool("chaos", options.toArray(new String[0])), program()));
    }

    private List<String> where(String cluster) {
        List<String> options = new ArrayList<>(List.of("--balancer", balancer));
        if (clusters) {
            options.addAll(List.of("--cluster", cluster, "--wan", "2ms/10000KB/s"));
        }
        return options;
    }

    private List<String> program() {
        List<String> p = new ArrayList<>(List.of(AnnouncedMain.class.getName()));
        p.addAll(program);
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

    /** Waits a random moment of the run, then notes a fault that strikes the master, which must still run. */
    void strikeMaster(String fault) throws InterruptedException {
        pause();
        note(fault);
        assertTrue(master.process.isAlive(), () -> "the run ended before the fault; " + context());
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

    /**
     * The processes of {@code survivors} end, with 0 unless one was the master (which may have
     * ended itself), and together print the sequential result once.
     */
    void assertPrintOnceTogether(List<Processes.Child> survivors) throws InterruptedException {
        StringBuilder printed = new StringBuilder();
        for (Processes.Child p : survivors) {
            assertExits(p, BOUND_SECONDS);
            printed.append(p.out());
        }
        assertEquals(expected, printed.toString(), () -> "the processes print the sequential result once, together; "
                + context());
        for (Processes.Child p : survivors) {
            if (p != master) {
                assertEquals(0, p.process.exitValue(), () -> p.name + " kept running and was lost; " + context());
            }
        }
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
        p.drained();
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
