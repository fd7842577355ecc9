package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.testing.Await;

/**
 * Pools of {@link ChaosPool} that meet more than one failure, or one at an awkward moment: several
 * processes killed at once, the master and then the member that took its place, a master thawed
 * after the pool gave its registry up, a process frozen after main returned. Whatever happens, the
 * processes together print what the sequential program prints, once, and no process that kept
 * running is lost.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class CompoundFailuresSystemTest {

    private static final List<String> PROGRAM = List.of("satin.apps.fib.FibThreshold", "46", "20");
    /** A short run that ends only when told: the moment main returns is the test's. */
    private static final List<String> GATED = List.of("satin.system.programs.EndsWhenTold", "GATE", "40", "20");
    /** What ends a run after main returned takes a second; the master waited 30 s for a frozen member. */
    private static final long END_SECONDS = 20;

    private static String expected;
    private static String expectedGated;

    @BeforeAll
    static void sequentialResults(@TempDir Path open) throws Exception {
        try (Processes ps = new Processes()) {
            expected = ps.sequential(PROGRAM.get(0), PROGRAM.subList(1, PROGRAM.size()).toArray(new String[0]));
            expectedGated = ps.sequential(GATED.get(0), open.toString(), GATED.get(2), GATED.get(3));
        }
    }

    /**
     * Three of the four processes die together, the master's among them. The nodes that did not
     * come back to the registry taken over are most of the pool, but their addresses refuse
     * connections: they are dead, not on the other side of a split network, and the last process
     * runs main again rather than stop with "this side of the pool is cut off".
     */
    @Test
    void theMasterAndTwoOtherProcessesKilledAtOnceLeaveTheLastToPrintTheResult() throws Exception {
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
            c.start("-");
            Processes.Child last = c.others.get(2);
            c.strikeMaster("SIGKILL master, process1 and process2");
            c.master.process.destroyForcibly();
            c.others.get(0).process.destroyForcibly();
            c.others.get(1).process.destroyForcibly();
            c.assertExits(last, ChaosPool.BOUND_SECONDS);
            assertEquals(0, last.process.exitValue(), () -> "process3's exit code; " + c.context());
            assertEquals(expected, last.out(), () -> "process3 prints the sequential result; " + c.context());
            // nobody waits for the dead (decision 0059): process3 takes the registry over without waiting
            // half a timeout for each node before it in line, and elects without waiting out the window
            assertTrue(Pattern.compile("keeps the pool's registry now, at \\S+ \\((first in line|none of the \\d+ in line "
                    + "before it can come back)\\)").matcher(last.err()).find(), () -> "process3 waited its turn; " + c.context());
            assertTrue(last.err().contains("decided before the window's end"),
                    () -> "the registry taken over waited out its window; " + c.context());
        }
    }

    /** The master dies, and then the member that took its place and runs main again: a third one finishes. */
    @Test
    void theMasterKilledAndThenTheMemberThatTookItsPlaceKilled() throws Exception {
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
            c.start("-");
            c.strikeMaster("SIGKILL master");
            c.master.process.destroyForcibly();
            Processes.Child second = awaitNewMaster(c, c.others);
            c.note("SIGKILL " + second.name + ", the master now");
            second.process.destroyForcibly();
            List<Processes.Child> left = new ArrayList<>(c.others);
            left.remove(second);
            c.assertPrintOnceTogether(left);
        }
    }

    /**
     * The master's process stops until a member gives the registry up, then runs again, before
     * the failure timeout. Its registry, thawed, must not take its own pause for everyone's
     * silence (it declared every live member dead), and must step down rather than go on beside
     * the one the pool moved (the pool split in two, and main ran twice): every member follows the
     * registry where it moved, the master keeping its place, or, if it was stopped longer than the
     * timeout, ending itself for a new master.
     */
    @Test
    void aMasterThawedAfterTheRegistryWasGivenUpLetsTheRunEndOnce() throws Exception {
        try (ChaosPool c = new ChaosPool("RS", PROGRAM, expected)) {
            c.start("-");
            c.strikeMaster("SIGSTOP master");
            c.master.freeze();
            awaitErrLine(c, c.others, "lost the registry", 60);
            c.note("SIGCONT master");
            c.master.thaw();
            List<Processes.Child> all = new ArrayList<>(c.others);
            all.add(0, c.master);
            c.assertPrintOnceTogether(all);
            if (!c.master.out().isEmpty()) {
                assertEquals(0, c.master.process.exitValue(), () -> "the master printed; its exit code; " + c.context());
            }
        }
    }

    /**
     * A process freezes after main printed its result and before it returned: the master must
     * not wait the whole 30 s for the statistics of a member the registry has declared gone.
     */
    @Test
    void aProcessFrozenAsMainReturnsCostsNoLongWaitForItsStatistics(@TempDir Path dir) throws Exception {
        Path gate = dir.resolve("gate");
        List<String> program = new ArrayList<>(GATED);
        program.set(1, gate.toString());
        try (ChaosPool c = new ChaosPool("RS", program, expectedGated)) {
            c.start("-");
            awaitOut(c, c.master, expectedGated, 120);
            Processes.Child frozen = c.others.get(1);
            c.note("SIGSTOP " + frozen.name + ", then main returns");
            frozen.freeze();
            Files.createFile(gate);
            long opened = System.nanoTime();
            c.assertExits(c.master, ChaosPool.BOUND_SECONDS);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - opened);
            assertTrue(seconds < END_SECONDS, () -> "the master ended " + seconds + " s after main returned; " + c.context());
            assertEquals(0, c.master.process.exitValue(), () -> "the master's exit code; " + c.context());
            assertEquals(expectedGated, c.master.out(), () -> "the master prints the sequential result once; " + c.context());
        }
    }

    /** The process among {@code candidates} that says it is the master now and runs main again. */
    private static Processes.Child awaitNewMaster(ChaosPool c, List<Processes.Child> candidates)
            throws InterruptedException {
        return awaitErrLine(c, candidates, "is the master now and runs", ChaosPool.BOUND_SECONDS);
    }

    /** The first of {@code candidates} to print a line containing {@code text} on its standard error. */
    private static Processes.Child awaitErrLine(ChaosPool c, List<Processes.Child> candidates, String text,
            long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            for (Processes.Child p : candidates) {
                if (p.err().contains(text)) {
                    c.note(p.name + ": " + text);
                    return p;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no process said '" + text + "' within " + seconds + " s; " + c.context());
    }

    private static void awaitOut(ChaosPool c, Processes.Child p, String text, long seconds)
            throws InterruptedException {
        Await.holds(() -> p.out().contains(text) || !p.process.isAlive(), Duration.ofSeconds(seconds));
        assertTrue(p.out().contains(text), () -> p.name + " did not print " + text + " within " + seconds + " s; "
                + c.context());
        c.note(p.name + " printed the result");
    }
}
