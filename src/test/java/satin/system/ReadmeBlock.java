package satin.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands of the fenced block right under a heading of README.md or a file of docs/, as a
 * user copies them.
 */
final class ReadmeBlock {

    private ReadmeBlock() {
    }

    /** The block's lines, blank lines left out; fails if the heading or its block is not there. */
    static List<String> under(Path readme, String heading) throws IOException {
        List<String> lines = Files.readAllLines(readme);
        int i = headingAt(lines, readme, heading) + 1;
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        if (i == lines.size() || !lines.get(i).startsWith("```")) {
            throw new AssertionError("no fenced block right under '" + heading + "' in " + readme);
        }
        List<String> commands = new ArrayList<>();
        for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            if (!lines.get(i).isBlank()) {
                commands.add(lines.get(i));
            }
        }
        return commands;
    }

    /**
     * The lines of the first fenced block in the section under {@code heading}, after whatever
     * prose comes first; fails if the section has none before the next heading.
     */
    static List<String> firstIn(Path readme, String heading) throws IOException {
        List<String> lines = Files.readAllLines(readme);
        int i = headingAt(lines, readme, heading) + 1;
        while (i < lines.size() && !lines.get(i).startsWith("```")) {
            if (lines.get(i).startsWith("## ")) {
                throw new AssertionError("no fenced block in the section '" + heading + "' of " + readme);
            }
            i++;
        }
        List<String> block = new ArrayList<>();
        for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
            if (!lines.get(i).isBlank()) {
                block.add(lines.get(i));
            }
        }
        return block;
    }

    /**
     * The commands of a block's lines: comment lines left out, and a line ending in a backslash
     * kept together with the next as the shell reads them (joined by the newline, as written).
     */
    static List<String> commands(List<String> lines) {
        List<String> commands = new ArrayList<>();
        StringBuilder command = new StringBuilder();
        for (String line : lines) {
            if (command.length() == 0 && line.startsWith("#")) {
                continue;
            }
            command.append(line);
            if (line.endsWith("\\")) {
                command.append('\n');
            } else {
                commands.add(command.toString());
                command.setLength(0);
            }
        }
        if (command.length() > 0) {
            throw new AssertionError("the block ends in a continued line: " + command);
        }
        return commands;
    }

    private static int headingAt(List<String> lines, Path readme, String heading) {
        int at = lines.indexOf(heading);
        if (at < 0) {
            throw new AssertionError(readme + " has no heading '" + heading + "'");
        }
        return at;
    }
}
