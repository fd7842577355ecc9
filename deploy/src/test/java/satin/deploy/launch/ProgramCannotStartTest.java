package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program that cannot start is named in one line: one without a main is refused before a run
 * directory is made, as one whose class is missing; one whose static initializer throws (its main
 * class's, or a class's its main uses) names that class and what it threw where, instead of an
 * ExceptionInInitializerError's trace as the only message; the trace is kept in the run's stderr.txt.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ProgramCannotStartTest {

    /** A class without a main. */
    public static final class NoMain {
        public static void mian(String[] args) {
        }
    }

    /** A main class whose initializer throws. */
    public static final class Boom {
        static {
            if (Boolean.TRUE) {
                throw new IllegalStateException("boom");
            }
        }

        public static void main(String[] args) {
            System.out.println("never");
        }
    }

    /** A main class with an argument check, whose initializer throws. */
    public static final class BoomWithCheck {
        static {
            if (Boolean.TRUE) {
                throw new IllegalStateException("boom with check");
            }
        }

        public static void checkArguments(String... args) {
        }

        public static void main(String[] args) {
            System.out.println("never");
        }
    }

    /** A class whose initializer throws, which {@link UsesBoom}'s main uses. */
    public static final class Settings {
        static final int SIZE = size();

        private static int size() {
            throw new IllegalArgumentException("no size");
        }
    }

    /** A main that uses a class whose initializer throws. */
    public static final class UsesBoom {
        public static void main(String[] args) {
            System.out.println(Settings.SIZE);
        }
    }

    record Ended(int code, String printed, Path out) {
    }

    private static Ended run(Path dir, Class<?> program) throws Exception {
        return satin(dir, "run", "--app", program.getName(), "--nodes", "2");
    }

    private static Ended satin(Path dir, String... args) throws Exception {
        return satin(dir, List.of(), args);
    }

    private static Ended satin(Path dir, List<String> jvmOptions, String... args) throws Exception {
        Path out = dir.resolve("results");
        List<String> command = new java.util.ArrayList<>(List.of(System.getProperty("java.home") + File.separator + "bin"
                + File.separator + "java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "satin.deploy.Main"));
        command.addAll(List.of(args));
        command.addAll(List.of("--output", out.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(180, TimeUnit.SECONDS), printed);
            return new Ended(p.exitValue(), printed, out);
        } finally {
            p.destroyForcibly();
        }
    }

    private static List<Path> runDirs(Path out) throws Exception {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (Stream<Path> runs = Files.list(out)) {
            return runs.toList();
        }
    }

    @Test
    void aProgramWithoutMainIsRefusedAndLeavesNoRunDirectory(@TempDir Path dir) throws Exception {
        Ended e = run(dir, NoMain.class);
        assertNotEquals(0, e.code(), e.printed());
        assertTrue(e.printed().contains(NoMain.class.getName() + " has no public static void main(String[])"), e.printed());
        assertFalse(e.printed().contains("\tat "), e.printed());
        assertEquals(List.of(), runDirs(e.out()), e.printed());
    }

    @Test
    void aComparisonOfAProgramWithoutMainIsRefusedAndLeavesNoDirectory(@TempDir Path dir) throws Exception {
        Ended e = satin(dir, "compare", "--app", NoMain.class.getName(), "--nodes", "2", "--balancers", "RS",
                "--repetitions", "1");
        assertNotEquals(0, e.code(), e.printed());
        assertTrue(e.printed().contains(NoMain.class.getName() + " has no public static void main(String[])"), e.printed());
        assertEquals(List.of(), runDirs(e.out()), e.printed());
    }

    /**
     * A run whose launcher fails before its master starts (here: no temporary directory for the
     * pool's secret) leaves a run directory that says why, as a run that failed later does.
     */
    @Test
    void aRunThatFailsBeforeItsMasterStartsSaysWhyInItsDirectory(@TempDir Path dir) throws Exception {
        Ended e = satin(dir, List.of("-Djava.io.tmpdir=" + dir.resolve("missing")), "run", "--app", "fib", "--args", "10",
                "--nodes", "2");
        assertNotEquals(0, e.code(), e.printed());
        assertTrue(e.printed().contains(dir.resolve("missing").toString()), e.printed());
        List<Path> runs = runDirs(e.out());
        assertEquals(1, runs.size(), e.printed());
        String err = Files.readString(runs.get(0).resolve("stderr.txt"));
        assertTrue(err.startsWith("satin-launch: the run could not start: ") && err.contains(dir.resolve("missing")
                .toString()), err);
        String result = Files.readString(runs.get(0).resolve("result.json"));
        assertTrue(result.contains("\"ending\": \"failed\""), result);
    }

    @Test
    void aMainClassWhoseInitializerThrowsIsNamedWithTheCauseAndWhere(@TempDir Path dir) throws Exception {
        assertInitializerNamed(run(dir, Boom.class), Boom.class, "java.lang.IllegalStateException: boom");
    }

    @Test
    void aMainClassWithAnArgumentCheckWhoseInitializerThrowsIsNamedByTheRun(@TempDir Path dir) throws Exception {
        assertInitializerNamed(run(dir, BoomWithCheck.class), BoomWithCheck.class,
                "java.lang.IllegalStateException: boom with check");
    }

    @Test
    void aClassMainUsesWhoseInitializerThrowsIsNamedWithTheCauseAndWhere(@TempDir Path dir) throws Exception {
        assertInitializerNamed(run(dir, UsesBoom.class), Settings.class, "java.lang.IllegalArgumentException: no size");
    }

    private static void assertInitializerNamed(Ended e, Class<?> failed, String cause) throws Exception {
        assertNotEquals(0, e.code(), e.printed());
        String says = "satin: .*the static initializer of " + Pattern.quote(failed.getName()) + " threw "
                + Pattern.quote(cause) + " at ProgramCannotStartTest\\.java:\\d+$";
        Pattern line = Pattern.compile("(?m)^" + says);
        // satin run shows each process's lines as they come, prefixed by its cluster and host
        assertTrue(Pattern.compile("(?m)^\\[local@jvm\\] " + says).matcher(e.printed()).find(), e.printed());
        List<Path> runs = runDirs(e.out());
        assertEquals(1, runs.size(), e.printed());
        String err = Files.readString(runs.get(0).resolve("stderr.txt"));
        assertTrue(line.matcher(err).find(), err);
        assertTrue(err.contains("java.lang.ExceptionInInitializerError"), "the whole trace is kept: " + err);
        assertTrue(Files.readString(runs.get(0).resolve("result.json")).contains("\"ending\": \"failed\""),
                Files.readString(runs.get(0).resolve("result.json")));
    }
}
