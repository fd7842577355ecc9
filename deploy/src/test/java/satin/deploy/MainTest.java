package satin.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The first word of {@code satin}: a word that is no command is named as such, not taken for fib's N. */
class MainTest {

    private record Result(int code, String err) {
    }

    private static Result satin(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aWordThatIsNoCommandIsNamed() {
        Result frob = satin("frob");
        assertEquals(2, frob.code());
        assertTrue(frob.err().startsWith("satin: 'frob' is not a command (run, compare, simulate, report, registry, pool, fib)\n"),
                frob.err());
        assertFalse(frob.err().contains("did you mean"), frob.err());
        assertFalse(frob.err().contains("must be a number"), frob.err());
        Result typo = satin("comapre", "--nodes", "4");
        assertEquals(2, typo.code());
        assertTrue(typo.err().contains("'comapre' is not a command (run, compare, simulate, report, registry, pool, fib); "
                + "did you mean 'compare'?"), typo.err());
    }

    @Test
    void fibAndPoolSayTheVersion() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        assertEquals(0, Main.run(new String[] {"fib", "--version"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new java.io.ByteArrayOutputStream())));
        assertEquals("satin " + satin.Satin.version(), out.toString(StandardCharsets.UTF_8).strip());
        out.reset();
        assertEquals(0, satin.deploy.cli.PoolCommand.run(new String[] {"--version"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new java.io.ByteArrayOutputStream())));
        assertEquals("satin " + satin.Satin.version(), out.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void numbersAndOptionsStillGoToFib() {
        assertTrue(satin("100").err().contains("N=100 is too large"));
        assertTrue(satin("fib", "lots").err().contains("N must be a number, not 'lots'"));
        assertTrue(satin("--workers", "0").err().contains("--workers must be at least 1, not 0"));
    }
}
