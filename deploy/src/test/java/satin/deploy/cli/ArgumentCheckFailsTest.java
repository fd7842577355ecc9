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
 * A program's {@code checkArguments} that fails otherwise than by refusing its arguments (a bug of
 * the program's) is named with the class, the method and the line where it failed, and nothing
 * starts: not a stack trace of satin's launcher.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ArgumentCheckFailsTest {

    /** A program whose check of its arguments has a bug. */
    public static final class BrokenCheck {
        public static void checkArguments(String... args) {
            String missing = args.length > 5 ? "" : null;
            missing.length(); // the bug
        }

        public static void main(String[] args) {
        }
    }

    @Test
    void aCheckThatThrowsIsNamedWithItsClassMethodAndLine(@TempDir Path dir) {
        Path out = dir.resolve("results");
        Result r = SatinCliTest.satin("run", "--app", BrokenCheck.class.getName(), "--args", "1", "--nodes", "2",
                "--output", out.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("satin: command line: " + BrokenCheck.class.getName() + ".checkArguments([1]) failed"
                + " with java.lang.NullPointerException"), r.err());
        assertTrue(r.err().contains("(ArgumentCheckFailsTest.java:"), "where in the program: " + r.err());
        assertFalse(r.err().contains("\tat satin.deploy.launch"), "no trace of the launcher: " + r.err());
        assertFalse(Files.exists(out), "nothing started");
    }

    /** The synthetic tree, the comparisons' workload, is checked like the applications of apps/README.md. */
    @Test
    void theSyntheticTreesArgumentsAreCheckedBeforeAnythingStarts(@TempDir Path dir) {
        Path out = dir.resolve("results");
        Result run = SatinCliTest.satin("run", "--app", "synthetic", "--args", "4", "x", "100", "--nodes", "2", "--output",
                out.toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("synthetic does not take the arguments [4, x, 100]: DEPTH must be an integer"),
                run.err());
        Result compare = SatinCliTest.satin("compare", "--app", "synthetic", "--args", "2", "2", "100", "0.5", "-1",
                "--nodes", "2", "--wans", "single-cluster", "--output", out.toString());
        assertEquals(2, compare.code(), compare.err());
        assertTrue(compare.err().contains("PAYLOAD-BYTES must be an integer from 0"), compare.err());
        Result simulate = SatinCliTest.satin("simulate", "--app", "synthetic", "--args", "2", "2", "99999999999999999",
                "--nodes", "2", "--output", out.toString());
        assertEquals(2, simulate.code(), simulate.err());
        assertTrue(simulate.err().contains("LEAF-MICROS must be an integer from 0 to 3600000000"), simulate.err());
        assertFalse(Files.exists(out), "nothing started");
    }
}
