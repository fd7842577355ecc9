package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * docs/testing.md's "Fuzzing for longer", each command as written but for 3 seconds, and the one
 * that names no target on one target only (all of them take a minute of Maven each): each fuzzes,
 * and prints a line per target with its executions, coverage and findings.
 *
 * <p>Three seconds of fuzzing may find a bug nobody has found yet: that is the command working,
 * not this test failing. A finding must then be reported as one (a count on its line, exit 1, the
 * input written into the target's corpus, where the next {@code mvn verify} fails on it); no
 * finding, exit 0. Either way the command must have fuzzed and reported in its format.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class FuzzCommandTest {

    private static final String HEADING = "### Fuzzing for longer";
    /** target, executions, seconds, cov, ft, corpus, findings: numbers all, as ./bench fuzz prints them. */
    private static final Pattern ROW = Pattern.compile("(\\S+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)");
    private static final Pattern WRITTEN = Pattern.compile("Test unit written to (\\S+)");

    @Test
    void everyCommandOfTheSectionFuzzesAndReports() throws Exception {
        Path root = Project.root();
        List<String> all = ReadmeBlock.under(root.resolve("docs/testing.md"), HEADING);
        List<String> commands = all.stream().filter(c -> c.startsWith("./bench fuzz --seconds ")).toList();
        List<String> generators = all.stream().filter(c -> c.startsWith("./bench fuzz --programs ")).toList();
        assertTrue(commands.size() >= 2 && generators.size() == 1 && commands.size() + generators.size() == all.size(),
                all.toString());
        try (Processes ps = new Processes()) {
            generates(ps, root, generators.get(0));
            for (String written : commands) {
                String command = written.replaceFirst("--seconds \\d+", "--seconds 3")
                        + (written.contains("--target") ? "" : " --target member-statistics");
                Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
                int exit = c.exit(10 * 60L);
                List<String> lines = c.out().lines().toList();
                assertTrue(!lines.isEmpty() && lines.get(0).matches("target\\s+executions\\s+secs\\s+cov\\s+ft\\s+corpus\\s+findings"),
                        "the heading: " + c);
                List<String> rows = lines.stream().skip(1).filter(l -> !l.startsWith("logs: ")).toList();
                String[] targets = command.replaceFirst(".*--target ", "").split(",");
                assertEquals(targets.length, rows.size(), "a line per target: " + c);
                int findings = 0;
                for (int i = 0; i < rows.size(); i++) {
                    Matcher row = ROW.matcher(rows.get(i).trim());
                    assertTrue(row.matches(), "a line of numbers: " + rows.get(i) + "\n" + c);
                    assertEquals(targets[i], row.group(1), rows.get(i));
                    assertTrue(Long.parseLong(row.group(2)) > 0, "executions: " + rows.get(i));
                    assertTrue(Integer.parseInt(row.group(4)) > 0, "coverage: " + rows.get(i));
                    int found = Integer.parseInt(row.group(7));
                    findings += found;
                    if (found > 0) {
                        Path log = root.resolve("target/fuzz/" + targets[i] + ".log");
                        Matcher unit = WRITTEN.matcher(Files.readString(log));
                        assertTrue(unit.find() && Files.exists(Path.of(unit.group(1))),
                                "a finding's input is kept in the corpus: " + log);
                        System.err.println("FuzzCommandTest: " + targets[i] + " found a bug in 3 s, its input is "
                                + unit.group(1) + ": the next mvn verify fails on it until the reader is fixed");
                    }
                }
                assertEquals(findings == 0 ? 0 : 1, exit, command + " exits 1 on a finding, else 0: " + c);
                assertFalse(c.out().contains("Exception"), c.toString());
            }
        }
    }

    /** The line of ./bench fuzz --programs: first seed, generated, seconds, same, refused, invalid, failures. */
    private static final Pattern PROGRAMS = Pattern.compile("seed=(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)");

    /**
     * The generator's command as written but for 3 programs: it reports them, and a failure (a
     * program whose rewritten run differs) is a bug found, reported by exit 1 and kept shrunk.
     */
    private static void generates(Processes ps, Path root, String written) throws Exception {
        String command = written.replaceFirst("--programs \\d+", "--programs 3");
        Processes.Child c = ps.command(command, root, List.of("bash", "-euo", "pipefail", "-c", command));
        int exit = c.exit(10 * 60L);
        List<String> lines = c.out().lines().toList();
        assertTrue(lines.size() >= 2 && lines.get(0).matches("programs\\s+generated\\s+secs\\s+same\\s+refused\\s+invalid\\s+failures"),
                "the heading: " + c);
        Matcher row = PROGRAMS.matcher(lines.get(1).trim());
        assertTrue(row.matches(), "a line of numbers: " + c);
        assertEquals(3, Integer.parseInt(row.group(2)), "3 programs: " + c);
        int counted = Integer.parseInt(row.group(4)) + Integer.parseInt(row.group(5)) + Integer.parseInt(row.group(6))
                + Integer.parseInt(row.group(7));
        assertEquals(3, counted, "each program is counted once: " + c);
        assertEquals(Integer.parseInt(row.group(7)) == 0 ? 0 : 1, exit, command + " exits 1 on a failure, else 0: " + c);
    }
}
