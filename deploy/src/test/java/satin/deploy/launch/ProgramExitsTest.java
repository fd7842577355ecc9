package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program whose main calls System.exit, run in satin's own JVM (where: jvm), ends that JVM: the
 * run's record says so, naming where it was called, rather than blaming a Ctrl-C nobody pressed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProgramExitsTest {

    /** A program that ends its JVM. */
    public static final class Exits {
        public static void main(String[] args) {
            System.out.println("leaving");
            System.exit(3);
        }
    }

    @Test
    void aMainThatCallsSystemExitIsNamedAsTheRunsEnd(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Process p = new ProcessBuilder(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "-cp", System.getProperty("java.class.path"), "satin.deploy.Main", "run", "--app", Exits.class.getName(),
                "--nodes", "2", "--output", out.toString()).redirectErrorStream(true).start();
        String printed;
        try {
            printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(90, TimeUnit.SECONDS), printed);
        } finally {
            p.destroyForcibly();
        }
        assertEquals(3, p.exitValue(), printed);
        Path runDir;
        try (Stream<Path> runs = Files.list(out)) {
            runDir = runs.findFirst().orElseThrow();
        }
        String err = Files.readString(runDir.resolve("stderr.txt"));
        assertTrue(err.contains("satin-launch: the run ended when " + Exits.class.getName()
                + ".main(ProgramExitsTest.java:"), err);
        assertTrue(err.contains("called System.exit, which ends this JVM"), err);
        assertFalse(err.contains("Ctrl-C"), err);
        assertTrue(Files.readString(runDir.resolve("result.json")).contains("\"ending\": \"exited\""),
                Files.readString(runDir.resolve("result.json")));
        assertEquals(List.of("leaving"), Files.readAllLines(runDir.resolve("stdout.txt")));
    }
}
