package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/simulating.md's "Simulating thousands of nodes", command by command, exactly as written, from the
 * project's root (their results go to satin-results/, removed again at the end): each simulates
 * its runs, prints the comparison's table and leaves its report.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class SimulationReadmeTest {

    private static final String DOC = "docs/simulating.md";
    private static final String HEADING = "## Simulating thousands of nodes";
    private static final Pattern OUTPUT = Pattern.compile("--output (\\S+)");

    @Test
    void everyCommandOfTheReadmeSectionWorksAsWritten() throws Exception {
        Path root = Project.root();
        List<String> commands = ReadmeBlock.under(root.resolve(DOC), HEADING);
        assertEquals(2, commands.size(), "the 4 x 16 matrix from its descriptor, 1,024 nodes from options: " + commands);
        try (RootLeftovers left = new RootLeftovers(root, "satin-results"); Processes ps = new Processes()) {
            for (String command : commands) {
                Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command),
                        java.util.Map.of());
                assertEquals(0, c.exit(10 * 60L), command + " failed: " + c);
                assertTrue(c.out().contains("| CRS |"), command + ": " + c);
                assertTrue(c.err().contains("simulated runs; run files in"), command + ": " + c);
                Path report = root.resolve(output(command)).resolve("latest/report");
                assertTrue(Files.size(report.resolve("results.csv")) > 0 && Files.size(report.resolve("runtime.png")) > 0,
                        "no report in " + report);
            }
        }
    }

    /** Where a command's runs go: its --output, else its descriptor's output:. */
    private static String output(String command) throws Exception {
        Matcher m = OUTPUT.matcher(command);
        if (m.find()) {
            return m.group(1);
        }
        Matcher yaml = Pattern.compile("(\\S+\\.yaml)").matcher(command);
        assertTrue(yaml.find(), command);
        Matcher out = Pattern.compile("(?m)^output: (\\S+)").matcher(Files.readString(Project.root().resolve(yaml.group(1))));
        assertTrue(out.find(), yaml.group(1) + " names no output");
        return out.group(1);
    }
}
