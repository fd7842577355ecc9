package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * README.md's "Benchmarks", command by command, exactly as written, from the project's root: each
 * finishes, prints its table and no stack trace. The README shows only forms short enough for
 * this; the full runs are in docs/benchmarks.md, which the README points to.
 */
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class BenchmarksReadmeTest {

    private static final String HEADING = "## Benchmarks";

    @Test
    void everyCommandOfTheReadmeSectionWorksAsWritten() throws Exception {
        Path root = Project.root();
        List<String> commands = ReadmeBlock.under(root.resolve("README.md"), HEADING);
        assertTrue(commands.size() >= 10, "a command per benchmark: " + commands);
        assertTrue(commands.stream().allMatch(c -> c.startsWith("./bench")), commands.toString());
        String section = Files.readString(root.resolve("README.md"));
        section = section.substring(section.indexOf(HEADING), section.indexOf("\n## ", section.indexOf(HEADING) + 1));
        assertTrue(section.contains("docs/benchmarks.md"), "the full commands are pointed to");
        try (Processes ps = new Processes()) {
            for (String command : commands) {
                Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
                assertEquals(0, c.exit(5 * 60L), command + " failed: " + c);
                assertFalse(c.out().isBlank(), command + " printed nothing: " + c);
                assertFalse((c.out() + c.err()).contains("Exception"), command + ": " + c);
                if (command.startsWith("./bench balancers")) {
                    assertTrue(c.out().lines().anyMatch(l -> l.startsWith("CRS ") && l.contains("[")),
                            "each cell's range over the rounds: " + c);
                }
            }
        }
    }
}
