package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/reproductions.md against {@code ./bench paper}: the listing names every figure the page
 * shows and no other, and every command of the page, as written but with {@code --tiny}, makes its
 * figure: exit 0, its tables (at least one Markdown table) and the charts it names, no stack trace.
 * A figure stopped part way goes on from its kept runs with {@code --resume}.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class ReproductionsTest {

    private static final String HEADING = "## Commands";

    @Test
    void everyFigureOfThePageIsListedAndMadeByItsCommandAtATinySize() throws Exception {
        Path root = Project.root();
        List<String> commands = ReadmeBlock.under(root.resolve("docs/reproductions.md"), HEADING);
        assertTrue(commands.size() >= 12, "a command per figure: " + commands);
        assertTrue(commands.stream().allMatch(c -> c.matches("\\./bench paper [a-z0-9-]+")), commands.toString());
        try (Processes ps = new Processes()) {
            Processes.Child list = ps.command("list", root, List.of("bash", "-c", "./bench paper"));
            assertEquals(0, list.exit(5 * 60L), "./bench paper: " + list);
            List<String> listed = new ArrayList<>();
            list.out().lines().filter(l -> l.matches("[a-z0-9-]+ .*") && !l.startsWith("figures") && !l.startsWith("name ")).forEach(l ->
                    listed.add(l.substring(0, l.indexOf(' '))));
            List<String> documented = commands.stream().map(c -> c.substring("./bench paper ".length())).toList();
            assertEquals(listed, documented, "the listing and the page name the same figures, in the same order");
            for (String command : commands) {
                String name = command.substring("./bench paper ".length());
                Path out = root.resolve("benchmarks/target/paper-test/" + name);
                String tiny = command + " --tiny --out " + out;
                Processes.Child c = ps.command(name, root, List.of("bash", "-euo", "pipefail", "-c", tiny));
                assertEquals(0, c.exit(5 * 60L), tiny + " failed: " + c);
                assertFalse((c.out() + c.err()).contains("Exception"), tiny + ": " + c);
                String text = Files.readString(out.resolve(name + ".md"));
                assertTrue(text.contains("|---|"), name + " wrote a table: " + text);
                for (String line : text.lines().filter(l -> l.startsWith("![")).toList()) {
                    String svg = line.substring(line.indexOf("](") + 2, line.length() - 1);
                    assertTrue(Files.size(out.resolve(svg)) > 1000, name + "'s chart " + svg);
                    assertTrue(Files.size(out.resolve(svg.replace(".svg", ".png"))) > 1000, name + "'s chart as PNG");
                }
            }
        }
    }

    @Test
    void aResumedFigureTakesItsKeptRunsAndMakesTheSameTablesWithoutRunningThemAgain() throws Exception {
        Path root = Project.root();
        Path out = root.resolve("benchmarks/target/paper-test/resume");
        String command = "./bench paper wide-area-jobs --tiny --out " + out;
        try (Processes ps = new Processes()) {
            Processes.Child first = ps.command("first", root, List.of("bash", "-c", command));
            assertEquals(0, first.exit(5 * 60L), command + ": " + first);
            String tables = Files.readString(out.resolve("wide-area-jobs.md"));
            List<String> kept = Files.readAllLines(out.resolve("runs.tsv"));
            assertEquals(2, kept.size(), "RS and CHS, one round each, kept as they ended: " + kept);

            Processes.Child again = ps.command("again", root, List.of("bash", "-c", command + " --resume"));
            assertEquals(0, again.exit(5 * 60L), command + " --resume: " + again);
            assertTrue(again.out().contains("--resume: took 2 kept runs from " + out.resolve("runs.tsv") + " and made 0 now"),
                    again.out());
            assertFalse(again.out().contains("] setcover"), "no run was made again: " + again.out());
            assertEquals(tables, Files.readString(out.resolve("wide-area-jobs.md")), "the same runs make the same tables");
            assertEquals(kept, Files.readAllLines(out.resolve("runs.tsv")));

            Files.writeString(out.resolve("runs.tsv"), kept.get(0) + "\n" + kept.get(1).replace("\t", " ") + "\n");
            Processes.Child bad = ps.command("bad", root, List.of("bash", "-c", command + " --resume"));
            assertEquals(1, bad.exit(5 * 60L), "a file of kept runs it cannot read: " + bad);
            assertTrue(bad.err().contains(out.resolve("runs.tsv") + " line 2: not a kept run"), bad.err());
            assertFalse(bad.err().contains("Exception"), bad.err());

            Processes.Child afresh = ps.command("afresh", root, List.of("bash", "-c", command));
            assertEquals(0, afresh.exit(5 * 60L), "without --resume the file is not read but written anew: " + afresh);
            assertEquals(2, Files.readAllLines(out.resolve("runs.tsv")).size());
            assertTrue(afresh.out().contains("] setcover, CHS, 1 cluster"), afresh.out());

            String whole = Files.readString(out.resolve("runs.tsv"));
            Files.writeString(out.resolve("runs.tsv"), whole.substring(0, whole.length() - 20));
            Processes.Child cut = ps.command("cut", root, List.of("bash", "-c", command + " --resume"));
            assertEquals(0, cut.exit(5 * 60L), "a making killed while it wrote its last run: " + cut);
            assertTrue(cut.out().contains("was cut short, and its run is made again"), cut.out());
            assertTrue(cut.out().contains("took 1 kept run from " + out.resolve("runs.tsv") + " and made 2 now"), cut.out());
            assertTrue(cut.out().contains("] setcover, CHS, 1 cluster"), "CHS's run made again: " + cut.out());
            assertEquals(2, Files.readAllLines(out.resolve("runs.tsv")).size(), "the file whole again");
        }
    }
}
