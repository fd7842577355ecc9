package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The README's main job, run as a user runs it: the {@code satin} command in a JVM of its own, and
 * the README's first line through the script. Every process started here is gone when the test ends, whatever happens.
 */
@Timeout(value = 360, unit = TimeUnit.SECONDS)
class MainJobTest {

    /** Exit code and output of one run. */
    record Run(int exit, String out, String err) {
    }

    static Run satin(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                // every buffer tracked: a leak is reported on the standard error, which the tests check
                "-Dio.netty.leakDetection.level=paranoid",
                "-cp", System.getProperty("java.class.path"), "satin.deploy.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        try {
            if (!p.waitFor(300, TimeUnit.SECONDS)) {
                throw new AssertionError("satin " + String.join(" ", args) + " did not finish in 300 s");
            }
            return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                    new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void printsTheResultTheSequentialProgramAgreesWithAndTheStatistics() throws Exception {
        Run run = satin("fib", "27", "--workers", "2");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("fib(27) = 196418 in "), run.out());
        assertTrue(run.out().contains("on 2 workers (sequential program: 196418 in "), run.out());
        assertTrue(run.out().contains("statistics of node embedded (2 workers"), run.out());
        // fib(27) pushes fib(28) - 1 = 317810 calls: the second spawn of each runs in place (decision 0013)
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("total") && l.contains(" 317810 ")), run.out());
    }

    @Test
    void badInputIsNamedAndRefusedWithUsage() throws Exception {
        Run run = satin("fib", "lots");
        assertEquals(2, run.exit());
        assertTrue(run.err().contains("satin: N must be a number, not 'lots'"), run.err());
        assertTrue(run.err().contains("usage: satin"), run.err());
        Run big = satin("100");
        assertEquals(2, big.exit());
        assertTrue(big.err().contains("N=100 is too large"), big.err());
        Run workers = satin("--workers", "0");
        assertEquals(2, workers.exit());
        assertTrue(workers.err().contains("--workers must be at least 1, not 0"), workers.err());
    }

    /**
     * The README's first command as written, the script itself from the project's root; Netty
     * tracks every buffer (Processes gives the script the option through SATIN_JAVA_OPTS, so the
     * line stays as written) and reports a leak on the standard error.
     */
    @Test
    void theReadmesFirstCommandComparesRsAndCrsOnFourEmulatedClustersAndWritesTheCharts() throws Exception {
        Path root = Project.root();
        List<String> top = ReadmeBlock.under(root.resolve("README.md"), Files.readAllLines(root.resolve("README.md")).get(0));
        String command = top.get(0);
        assertTrue(command.startsWith("./satin ") && command.contains("# the main job"), command);
        try (RootLeftovers left = new RootLeftovers(root, "satin-results", "satin-stats.json"); Processes ps = new Processes()) {
            Processes.Child run = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
            // the main job is 12 runs of 5 to 9 s and a warm-up: about 90 s, more beside other builds
            assertEquals(0, run.exit(300), run.toString());
            assertFalse(run.err().contains("LEAK:"), "Netty found a buffer never released:\n" + run.err());
            assertTrue(run.out().contains("| RS |") && run.out().contains("| CRS |"), run.out());
            assertTrue(run.out().contains("4 clusters, WAN 100ms/100KB/s"), run.out());
            assertEquals(4, run.out().split("; n = 3").length - 1, "three runs in each of the four cells: " + run.out());
            assertTrue(run.out().contains(" s ["), "each cell's range: " + run.out());
            Path report = root.resolve("satin-results/demo/latest/report");
            for (String f : List.of("results.csv", "results.md", "runtime.png", "runtime.svg", "wan-messages.png")) {
                assertTrue(Files.size(report.resolve(f)) > 0, f);
            }
        }
    }
}
