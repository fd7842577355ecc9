package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * README.md's "Your own program in five minutes", command by command, exactly as written there,
 * in a copy of the project made for this test (so that its {@code mvn install} and the example's
 * build leave this build's target directories alone): Satin installed, the example built and
 * tested, then run through {@code ./satin} in 2 processes, through a descriptor in one JVM, and
 * with the agent alone. Each run prints what the example's class as written prints.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class QuickStartTest {

    private static final String HEADING = "## Your own program in five minutes";
    private static final Pattern SUM = Pattern.compile("sum\\(0, (\\d+)\\) = (\\d+)");
    /** What the copy leaves out: builds, results and version control, none of which a fresh clone has. */
    private static final List<String> LEFT_OUT = List.of("target", ".git", "satin-results");

    @TempDir
    Path temp;

    @Test
    void everyCommandOfTheReadmeSectionWorksAsWrittenOnAFreshCopy() throws Exception {
        List<String> commands = ReadmeBlock.under(Project.root().resolve("README.md"), HEADING);
        assertEquals(5, commands.size(), "install, build the example, run it in processes, from a descriptor, with the agent: "
                + commands);
        Path copy = temp.resolve("satin");
        copyProject(Project.root(), copy);
        try (Processes ps = new Processes()) {
            assertTrue(commands.get(0).startsWith("mvn "), commands.get(0));
            run(ps, copy, commands.get(0), 12);
            assertTrue(commands.get(1).contains("examples/quickstart"), commands.get(1));
            run(ps, copy, commands.get(1), 5);
            String sequential = sequential(ps, copy, commands.get(2));
            for (String command : commands.subList(2, commands.size())) {
                Processes.Child parallel = run(ps, copy, command, 4);
                assertEquals(sequential, sum(parallel), command + " prints what the class as written prints");
                assertParallel(command, parallel);
            }
        }
    }

    /** Runs one README line in bash from the copy's root; it must succeed. */
    private static Processes.Child run(Processes ps, Path copy, String command, int minutes) throws Exception {
        Processes.Child c = ps.command(command, copy, List.of("bash", "-euo", "pipefail", "-c", command), extraEnv(command));
        int exit = c.exit(minutes * 60L);
        assertEquals(0, exit, command + " failed: " + c);
        return c;
    }

    /**
     * The plain java line gets {@code -Dsatin.stats=true} through JAVA_TOOL_OPTIONS (the line stays
     * as written), so that its statistics show it spawned.
     */
    private static Map<String, String> extraEnv(String command) {
        return command.startsWith("java ") ? Map.of("JAVA_TOOL_OPTIONS", "-Dsatin.stats=true") : Map.of();
    }

    private static void assertParallel(String command, Processes.Child run) {
        String all = run.out() + run.err();
        if (command.startsWith("./satin run --app")) {
            assertTrue(run.err().contains("2 nodes in 2 clusters"), all);
        } else if (command.startsWith("./satin run ")) {
            assertTrue(run.err().contains("4 nodes in 2 clusters"), all);
        } else {
            Matcher total = Pattern.compile("(?m)^0\\s+(\\d+)\\s").matcher(all);
            assertTrue(total.find() && Long.parseLong(total.group(1)) > 1, "the worker spawned: " + all);
        }
    }

    /** The example's class as written, run with no agent and no satin command: the oracle. */
    private static String sequential(Processes ps, Path copy, String firstRun) throws Exception {
        Matcher n = Pattern.compile("--args (\\d+)").matcher(firstRun);
        assertTrue(n.find(), firstRun);
        Processes.Child c = ps.command("sequential", copy, List.of(Processes.java(), "-cp",
                copy.resolve("examples/quickstart/target/sequential-classes") + File.pathSeparator
                        + System.getProperty("java.class.path"), "quickstart.RangeSum", n.group(1)), Map.of());
        assertEquals(0, c.exit(120), c.toString());
        return sum(c);
    }

    private static String sum(Processes.Child run) {
        Matcher m = SUM.matcher(run.out());
        assertTrue(m.find(), "no sum printed: " + run);
        return m.group();
    }

    /** The project's files as a fresh clone has them. */
    private static void copyProject(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.filter(p -> !leftOut(from.relativize(p))).toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static boolean leftOut(Path relative) {
        for (Path part : relative) {
            if (LEFT_OUT.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }
}
