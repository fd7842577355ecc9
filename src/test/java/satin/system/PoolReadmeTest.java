package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.testing.Await;

/**
 * docs/operations.md's "A pool of nodes", its commands exactly as written, from the project's root: the
 * pool of 16 nodes in one JVM, and the two processes, started in the order written and, since the
 * text says any order works, the other way round. Each prints what the sequential program prints.
 * The statistics the masters write in the root are removed again.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class PoolReadmeTest {

    private static final String DOC = "docs/operations.md";
    private static final String HEADING = "## A pool of nodes";

    @Test
    void everyCommandRunsAsWrittenAndTheTwoProcessesInEitherOrder() throws Exception {
        List<String> commands = ReadmeBlock.firstIn(Project.root().resolve(DOC), HEADING).stream()
                .filter(l -> !l.startsWith("#")).toList();
        assertEquals(4, commands.size(), "one JVM of 16 nodes; the secret, the first process, the second: " + commands);
        String secret = commands.get(1);
        String first = commands.get(2);
        String second = commands.get(3);
        assertTrue(secret.startsWith("export SATIN_SECRET=") && first.endsWith(" &") && !second.endsWith("&"), commands.toString());
        try (RootLeftovers left = new RootLeftovers(Project.root(), "satin-stats.json"); Processes ps = new Processes()) {
            String nqueens = ps.sequential("satin.apps.nqueens.NQueens", "14");
            Processes.Child one = bash(ps, "16 nodes", commands.get(0));
            assertEquals(0, one.exit(300), one.toString());
            assertEquals(nqueens, one.out(), "16 nodes in one JVM print what the sequential program prints");
            assertTrue(one.err().contains("16 nodes"), one.err());

            String fib = ps.sequential("satin.apps.fib.FibThreshold", "45", "20");
            String asWritten = String.join("\n", secret, first, second);
            String otherWay = String.join("\n", secret, second + " &", first.substring(0, first.length() - 2), "wait");
            for (String script : List.of(asWritten, otherWay)) {
                Processes.Child two = bash(ps, "two processes", script);
                assertEquals(0, two.exit(300), two.toString());
                awaitOutput(two, fib);
                assertEquals(fib, two.out(), "printed once, by the master: " + script);
                assertTrue(two.err().contains("2 nodes"), two.err());
                awaitPortFree(first); // the background process still ends: the next script needs its port
            }
        }
    }

    private static Processes.Child bash(Processes ps, String name, String script) throws java.io.IOException {
        return ps.command(name, Project.root(), List.of("bash", "-euo", "pipefail", "-c", script));
    }

    /** Waits until the registry's port in {@code command} can be listened on again. */
    private static void awaitPortFree(String command) throws InterruptedException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("tcp://127\\.0\\.0\\.1:(\\d+)").matcher(command);
        assertTrue(m.find(), command);
        Ports.awaitFree(Integer.parseInt(m.group(1)));
    }

    /** The first process of the block runs in the background: its output may come after the shell ends. */
    private static void awaitOutput(Processes.Child c, String expected) throws InterruptedException {
        Await.holds(() -> c.out().contains(expected), Duration.ofSeconds(60));
    }
}
