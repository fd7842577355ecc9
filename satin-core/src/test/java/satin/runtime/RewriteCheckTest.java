package satin.runtime;

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
                "satin.runtime.RewriteCheckTest$Main").redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
            assertTrue(out.contains("satin.spec.Fib declares @Spawnable fib but was not rewritten"), out);
            assertTrue(out.contains("sync() was called from satin.runtime.RewriteCheckTest$Main"), out);
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
