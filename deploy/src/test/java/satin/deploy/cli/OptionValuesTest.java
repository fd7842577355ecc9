package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.cli.SatinCliTest.Result;

/**
 * A value an option cannot take is named with that option and that value, alone, in one line,
 * before anything starts: not three options at once, not a Java exception, not the usage of
 * another program.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OptionValuesTest {

    @TempDir
    Path dir;

    private Result refused(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--output", dir.resolve("results").toString()));
        Result r = SatinCliTest.satin(all.toArray(new String[0]));
        assertEquals(2, r.code(), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertFalse(r.err().contains("usage:") || r.err().contains("Usage:"), "no usage of another command: " + r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertFalse(Files.exists(dir.resolve("results")), "nothing started");
        return r;
    }

    private void assertRefused(String expected, String... args) {
        Result r = refused(args);
        assertTrue(r.err().contains(expected), expected + ": " + r.err());
    }

    @Test
    void countsAreNamedOneByOne() {
        assertRefused("--nodes must be at least 1, not 0", "run", "--app", "fib", "--nodes", "0");
        assertRefused("--clusters must be at least 1, not -2", "run", "--app", "fib", "--clusters", "-2");
        assertRefused("--workers must be from 1 to 4096, not 5000", "run", "--app", "fib", "--workers", "5000");
        assertRefused("--repetitions must be at least 1, not 0", "compare", "--app", "fib", "--args", "10",
                "--repetitions", "0");
        assertRefused("--repetitions must be at least 1, not -1", "simulate", "--app", "synthetic", "--args", "2", "2",
                "10", "--repetitions", "-1");
        assertRefused("--offered must be at least 1, not 0", "simulate", "--app", "synthetic", "--args", "2", "2", "10",
                "--offered", "0");
        assertRefused("--max-time must be above 0, not '0s'", "simulate", "--app", "synthetic", "--args", "2", "2", "10",
                "--max-time", "0s");
    }

    @Test
    void moreNodesThanOneJvmHoldsAreRefusedBeforeTheyStart() {
        assertRefused("5000 nodes in this JVM; one process holds at most 4096", "run", "--app", "fib", "--nodes", "5000");
    }

    @Test
    void timeoutsThatAreZeroOrOverflowAreNamed() {
        assertRefused("--timeout must be longer than 0, not '0s'", "run", "--app", "fib", "--timeout", "0s");
        assertRefused("--timeout may be at most 8760h (a year), not '99999999h'", "run", "--app", "fib", "--timeout",
                "99999999h");
        assertRefused("--timeout may be at most 8760h (a year), not '99999999999999999999s'", "run", "--app", "fib",
                "--timeout", "99999999999999999999s");
        assertRefused("--timeout may be at most 8760h (a year), not '9999999999999h'", "compare", "--app", "fib",
                "--args", "10", "--timeout", "9999999999999h");
    }

    /** The pool's name becomes part of the run directory's: one that leaves the output directory is no name. */
    @Test
    void aPoolNameThatIsAPathIsRefused() {
        assertRefused("--pool: found '../../elsewhere'; expected a name of letters, digits, '_', '.' or '-'", "run",
                "--app", "fib", "--pool", "../../elsewhere");
        assertRefused("--pool: found 'a b'", "run", "--app", "fib", "--pool", "a b");
    }

    /** satin registry names its own option, not the pool launcher's it runs. */
    @Test
    void aRegistryAddressIsNamedAsTheRegistryCommandNamesIt() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "s3cret");
        for (String bad : List.of("garbage", "tcp://127.0.0.1:99999", "local://x")) {
            Result r = SatinCliTest.satin("registry", "--listen", bad, "--secret-file", secret.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("satin: --listen"), r.err());
            assertFalse(r.err().contains("registry-listen") || r.err().contains("usage:"), r.err());
        }
    }

    /**
     * The same balancer or WAN setting twice in a matrix made one cell of both (n = 4 where one
     * repetition was asked for), a silently wrong report; each is refused, naming both spellings.
     */
    @Test
    void aMatrixThatNamesACellTwiceIsRefused() {
        assertRefused("balancer 'rs' is the same as 'RS', given before: a matrix names each balancer once", "compare",
                "--app", "fib", "--args", "10", "--balancers", "RS;CRS;rs", "--wans", "single-cluster");
        assertRefused("WAN setting '10ms/100KB/s' is the same as '10ms / 100KB/s', given before: a matrix names each WAN"
                + " setting once", "compare", "--app", "fib", "--args", "10", "--clusters", "2", "--wans",
                "10ms / 100KB/s;10ms/100KB/s");
        assertRefused("WAN setting 'single-cluster' is the same as 'single-cluster', given before", "simulate", "--app",
                "synthetic", "--args", "2", "2", "10", "--wans", "single-cluster;single-cluster");
    }
}
