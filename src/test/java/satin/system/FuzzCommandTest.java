package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/testing.md's "Fuzzing for longer", each command as written but for 3 seconds, and the one
 * that names no target on one target only (all of them take a minute of Maven each): each fuzzes,
 * and prints a line per target with its executions, coverage and no finding.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class FuzzCommandTest {

    private static final String HEADING = "### Fuzzing for longer";

    @Test
    void everyCommandOfTheSectionFuzzesAndReports() throws Exception {
        Path root = Project.root();
        List<String> commands = ReadmeBlock.under(root.resolve("docs/testing.md"), HEADING);
        assertTrue(commands.size() >= 2 && commands.stream().allMatch(c -> c.startsWith("./bench fuzz --seconds ")),
                commands.toString());
        try (Processes ps = new Processes()) {
            for (String written : commands) {
                String command = written.replaceFirst("--seconds \\d+", "--seconds 3")
                        + (written.contains("--target") ? "" : " --target member-statistics");
                Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
                assertEquals(0, c.exit(10 * 60L), command + " failed: " + c);
                List<String> rows = c.out().lines().skip(1).filter(l -> !l.startsWith("logs: ")).toList();
                String[] targets = command.replaceFirst(".*--target ", "").split(",");
                assertEquals(targets.length, rows.size(), "a line per target: " + c);
                for (String row : rows) {
                    String[] f = row.trim().split("\\s+");
                    assertTrue(Long.parseLong(f[1]) > 0, "executions: " + row);
                    assertTrue(Integer.parseInt(f[3]) > 0, "coverage: " + row);
                    assertEquals("0", f[6], "findings: " + row);
                }
                assertFalse(c.out().contains("Exception"), c.toString());
            }
        }
    }
}
