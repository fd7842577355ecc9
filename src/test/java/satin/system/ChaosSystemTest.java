package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    private static String expected;

    @BeforeAll
    static void sequentialResult() throws Exception {
        try (Processes ps = new Processes()) {
            expected = ps.sequential(PROGRAM.get(0), PROGRAM.subList(1, PROGRAM.size()).toArray(new String[0]));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RS", "RP", "CHS", "CLS", "CRS", "LL"})
    void aProcessKilledMidRunCostsTimeNotTheResult(String balancer) throws Exception {
        try (ChaosPool c = new ChaosPool(balancer, PROGRAM, expected)) {
            c.start("-");
            Processes.Child victim = c.strike("SIGKILL");
            victim.process.destroyForcibly();
            c.assertMasterPrintsTheSequentialResult();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"RS", "RP", "CHS", "CLS", "CRS", "LL"})
    void aProcessFrozenMidRunCostsTimeNotTheResult(String balancer) throws Exception {
        try (ChaosPool c = new ChaosPool(balancer, PROGRAM, expected)) {
            c.start("-");
            c.strike("SIGSTOP").freeze(); // and SIGKILL when the test closes its processes
            c.assertMasterPrintsTheSequentialResult();
        }
    }

    @Test
    void whenTheMasterIsKilledASurvivorFinishesTheRunAndPrintsTheResultOnce() throws Exception {
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
            c.start("-");
            c.strikeMaster("SIGKILL master");
            c.master.process.destroyForcibly();
            c.assertPrintOnceTogether(c.others);
        }
    }

    /**
     * A master frozen for good keeps its sockets, so nothing refuses the registry taken over: the
     * member keeping it found the master silent for longer than a stopped process lives, and
     * decides without waiting out the rest of the window (decision 0059).
     */
    @Test
    void whenTheMasterIsFrozenASurvivorTakesOverWithoutWaitingOutTheWindow() throws Exception {
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
            c.start("-");
            c.strikeMaster("SIGSTOP master");
            c.master.freeze(); // and SIGKILL when the test closes its processes
            c.assertPrintOnceTogether(c.others);
            assertTrue(c.others.stream().anyMatch(p -> p.err().contains("decided before the window's end")),
                    () -> "the registry taken over waited out its window; " + c.context());
        }
    }

    /**
     * tsp's bound is a shared object whose writes the master orders. When the master is killed,
     * a survivor is elected, the members hand their replicas over to it (decision 0050,
     * elections), and it runs main again: the survivors print the sequential program's tour, once.
     */
    @Test
    void whenTheMasterOrderingASharedBoundIsKilledTheSurvivorsPrintTheSequentialTour() throws Exception {
        List<String> tsp = List.of("satin.apps.tsp.Tsp", "18", "3", "3"); // 4.8 s sequentially
        String tour;
        try (Processes ps = new Processes()) {
            tour = ps.sequential(tsp.get(0), tsp.subList(1, tsp.size()).toArray(new String[0]));
        }
        try (ChaosPool c = new ChaosPool("CRS", tsp, tour)) {
            c.start("-");
            c.strikeMaster("SIGKILL master");
            c.master.process.destroyForcibly();
            c.assertPrintOnceTogether(c.others);
        }
    }

    /**
     * The joining JVM must start while the run still has work: on a loaded machine (a clean
     * clone's full build) its start took over 5.7 s and the 6.4 s run of PROGRAM ended before it
     * joined ("the run of pool chaos ended before node process4-0 joined"). fib(48) runs about
     * 2.6 times as long.
     */
    @Test
    void aProcessJoiningMidRunGetsWork(@TempDir Path dir) throws Exception {
        Path stats = dir.resolve("stats.json");
        List<String> longer = List.of("satin.apps.fib.FibThreshold", "48", "20");
        String result;
        try (Processes ps = new Processes()) {
            result = ps.sequential(longer.get(0), longer.subList(1, longer.size()).toArray(new String[0]));
        }
        try (ChaosPool c = new ChaosPool("RS", longer, result)) {
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
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
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
}
