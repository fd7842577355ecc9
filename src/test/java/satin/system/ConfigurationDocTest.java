package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.config.Scope;
import satin.config.Settings;

/**
 * docs/configuration.md lists exactly the settings that {@code satin.config.Settings} declares,
 * each with its declared default and in the section of its scope: the tables are the users' only
 * list, and a property added, renamed or given another default in the code shows here.
 */
class ConfigurationDocTest {

    /** The sections of the document that hold the tables, one a scope, in the order of {@link Scope}. */
    private static final List<String> SECTIONS = List.of("## A node", "## A pool's process and its links",
            "## Rewriting", "## The `satin` and `bench` commands");

    @Test
    void theTablesListEveryDeclaredSettingWithItsDefault() throws IOException {
        List<String> documented = rows(Files.readAllLines(Project.root().resolve("docs/configuration.md")));
        assertEquals(List.of(), differences(documented, declared()),
                "docs/configuration.md against satin.config.Settings");
        assertEquals(declared(), documented, "the order of docs/configuration.md and satin.config.Settings");
    }

    /** The comparison sees a row missing, one too many and another default: else it would prove nothing. */
    @Test
    void aMissingAnExtraOrADifferentRowShows() {
        List<String> table = List.of("## A node", "", "| property | default | meaning |", "|---|---|---|",
                "| `satin.workers` | `2` | threads |", "|`satin.wrokers`|`1`| typo |");
        List<String> declared = List.of("NODE satin.workers = 1", "NODE satin.deque = split");
        assertEquals(List.of("missing: NODE satin.workers = 1", "missing: NODE satin.deque = split",
                "extra: NODE satin.workers = 2", "extra: NODE satin.wrokers = 1"), differences(rows(table), declared));
        assertEquals("NODE satin.workers = 1", declared().get(0), "a declared row reads as the table's do");
    }

    /** The declared rows the document lacks, and the document's rows that are not declared. */
    static List<String> differences(List<String> documented, List<String> declared) {
        List<String> found = new ArrayList<>();
        declared.stream().filter(r -> !documented.contains(r)).forEach(r -> found.add("missing: " + r));
        documented.stream().filter(r -> !declared.contains(r)).forEach(r -> found.add("extra: " + r));
        return found;
    }

    /** Every declared setting as a row reads: its scope, its name and its default as shown. */
    private static List<String> declared() {
        return Settings.all().stream().map(s -> row(s.scope(), s.name(), s.shownDefault())).toList();
    }

    /** The rows of the tables under the sections: the first two columns, without their backticks. */
    static List<String> rows(List<String> lines) {
        List<String> rows = new ArrayList<>();
        Scope scope = null;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                int section = SECTIONS.indexOf(line.strip());
                scope = section < 0 ? null : Scope.values()[section];
            } else if (scope != null && line.matches("\\|\\s*`satin\\..*")) {
                String[] cells = line.split("\\|");
                rows.add(row(scope, plain(cells[1]), plain(cells[2])));
            }
        }
        return rows;
    }

    private static String plain(String cell) {
        return cell.replace("`", "").strip();
    }

    private static String row(Scope scope, String name, String shownDefault) {
        return scope + " " + name + " = " + shownDefault;
    }
}
