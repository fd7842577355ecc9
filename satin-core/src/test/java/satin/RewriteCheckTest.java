package satin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import satin.SatinObject;
import satin.Spawnable;
import satin.spec.Fib;

class RewriteCheckTest {

    @Rewritten("test")
    static class Marked extends SatinObject {
        @Spawnable
        public int f() {
            return 1;
        }
    }

    static class Plain extends SatinObject {
        public int f() {
            return 1;
        }
    }

    /** Declares a spawnable method without a body: nothing here to rewrite, so no mark is needed. */
    abstract static class Shape extends SatinObject {
        @Spawnable
        public abstract long area(int n);
    }

    @Rewritten("test")
    static class Square extends Shape {
        @Override
        @Spawnable
        public long area(int n) {
            return (long) n * n;
        }
    }

    static class UnrewrittenSquare extends Shape {
        @Override
        @Spawnable
        public long area(int n) {
            return (long) n * n;
        }
    }

    interface Measure {
        @Spawnable
        long measure(int n);
    }

    @Rewritten("test")
    static class Ruler extends SatinObject implements Measure {
        @Override
        @Spawnable
        public long measure(int n) {
            return n;
        }
    }

    @Test
    void anAbstractSpawnableMethodNeedsNoRewriting() {
        assertEquals(Optional.empty(), RewriteCheck.problem(Shape.class));
        assertEquals(Optional.empty(), RewriteCheck.problem(Square.class));
        RewriteCheck.checkClass(Square.class);
        Optional<String> p = RewriteCheck.problem(UnrewrittenSquare.class);
        assertTrue(p.isPresent() && p.get().startsWith(UnrewrittenSquare.class.getName() + " declares @Spawnable area"),
                p.toString());
    }

    @Test
    void anInterfaceDeclaringASpawnableMethodNeedsNoRewriting() {
        assertEquals(Optional.empty(), RewriteCheck.problem(Measure.class));
        assertEquals(Optional.empty(), RewriteCheck.problem(Ruler.class));
        RewriteCheck.checkClass(Ruler.class);
    }

    /** The message tells how to rewrite with the front ends that exist ({@code apps} checks they do). */
    @Test
    void theMessageNamesHowToRewrite() {
        String message = RewriteCheck.problem(Fib.class).orElseThrow();
        assertTrue(message.endsWith(RewriteCheck.HOW_TO_REWRITE), message);
        for (String named : List.of("dev.satin:satin-rewriter (goal rewrite)", "-javaagent:satin-agent.jar",
                "satin.rewriter.cli.Main CLASSES_DIR", "without -Dsatin.requireRewritten")) {
            assertTrue(message.contains(named), named + " in " + message);
        }
        IllegalStateException sync = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                RewriteCheck::unrewrittenSync);
        assertTrue(sync.getMessage().endsWith(RewriteCheck.HOW_TO_REWRITE), sync.getMessage());
    }

    @Test
    void aSpawningClassWithoutTheMarkIsNamed() {
        Optional<String> p = RewriteCheck.problem(Fib.class);
        assertTrue(p.isPresent());
        assertTrue(p.get().startsWith("satin.spec.Fib declares @Spawnable fib but was not rewritten"), p.get());
        assertEquals(Optional.empty(), RewriteCheck.problem(Marked.class));
        assertEquals(Optional.empty(), RewriteCheck.problem(Plain.class));
    }

    /** Switched on, an un-rewritten program fails at once instead of running sequentially. */
    @Test
    void switchedOnAnUnrewrittenProgramFailsWithTheClassNamed() throws Exception {
        Process p = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-Dsatin.requireRewritten=true", "-cp", System.getProperty("java.class.path"),
                "satin.RewriteCheckTest$Main").redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
            assertTrue(out.contains("satin.spec.Fib declares @Spawnable fib but was not rewritten"), out);
            assertTrue(out.contains("sync() was called from satin.RewriteCheckTest$Main"), out);
            assertTrue(out.contains(RewriteCheck.HOW_TO_REWRITE), out);
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * A value that is neither true nor false used to mean off: the program ran sequentially while
     * its user believed the check on. Now every check refuses, naming the setting.
     */
    @Test
    void aSettingThatIsNeitherTrueNorFalseIsRefusedByTheFirstCheck() throws Exception {
        Process p = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-Dsatin.requireRewritten=yes", "-cp", System.getProperty("java.class.path"),
                "satin.RewriteCheckTest$Main").redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
            assertEquals(List.of("-Dsatin.requireRewritten=yes: expected true or false",
                    "-Dsatin.requireRewritten=yes: expected true or false"), out.lines().toList());
        } finally {
            p.destroyForcibly();
        }
    }

    public static final class Main {
        public static void main(String[] args) {
            for (Runnable r : List.<Runnable>of(() -> new Fib().fib(5), satin.Satin::sync)) {
                try {
                    r.run();
                } catch (IllegalStateException e) {
                    System.out.println(e.getMessage());
                }
            }
        }
    }
}
