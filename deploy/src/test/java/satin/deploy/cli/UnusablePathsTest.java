package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.cli.SatinCliTest.Result;

/**
 * Where the results should go is a file, or below one: every command that writes says which path
 * it cannot use and why, in one line, and exits 2, never with a Java stack trace for a message.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UnusablePathsTest {

    private static void assertNamed(Result r, String... parts) {
        assertEquals(2, r.code(), r.err());
        for (String part : parts) {
            assertTrue(r.err().contains(part), "names " + part + ": " + r.err());
        }
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertFalse(r.err().contains("Exception"), "a sentence, not an exception's name: " + r.err());
    }

    @Test
    void anOutputThatIsAFileIsNamedByRun(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertNamed(SatinCliTest.satin("run", "--app", "fib", "--args", "10", "--nodes", "2", "--output", file.toString()),
                "satin: ", file.toString(), "not a directory");
        assertEquals("x", Files.readString(file), "left as it was");
    }

    @Test
    void anOutputBelowAFileIsNamedByRun(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertNamed(SatinCliTest.satin("run", "--app", "fib", "--args", "10", "--nodes", "2", "--output",
                file.resolve("below").toString()), "satin: ", file.toString(), "not a directory");
    }

    @Test
    void anOutputThatIsAFileIsNamedByCompareAndSimulate(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertNamed(SatinCliTest.satin("compare", "--app", "fib", "--args", "10", "--nodes", "2", "--balancers", "RS",
                "--wans", "single-cluster", "--repetitions", "1", "--output", file.toString()), file.toString(),
                "not a directory");
        assertNamed(SatinCliTest.satin("simulate", "--app", "synthetic", "--args", "2", "2", "100", "--nodes", "2",
                "--output", file.toString()), file.toString(), "not a directory");
    }

    @Test
    void aReportOutputThatIsAFileIsNamed(@TempDir Path dir) throws Exception {
        Path runs = dir.resolve("runs");
        assertEquals(0, SatinCliTest.satin("simulate", "--app", "synthetic", "--args", "2", "2", "100", "--nodes", "2",
                "--output", runs.toString()).code());
        Path file = Files.writeString(dir.resolve("taken"), "x");
        Result r = SatinCliTest.satin("report", runs.resolve("latest").toString(), "-o", file.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains(file + ": not a directory"), r.err());
    }
}
