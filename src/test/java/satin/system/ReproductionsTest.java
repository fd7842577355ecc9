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
}
