package satin.deploy.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The comparison report of a set of runs: {@code results.csv}, {@code results.md},
 * {@code runtime.png/svg}, {@code wan-messages.png/svg} and an {@code occupancy-RUN.png/svg} per
 * run. Also the {@code satin report} command: {@link #run(String[], PrintStream, PrintStream)}.
 */
public final class Reports {

    static final String USAGE = "usage: satin report [--out DIR] RUN-DIR...\n"
            + "  a RUN-DIR holds stats.json and/or result.json, or runs below it;\n"
            + "  the report goes to --out, by default RUN-DIR/report for a single RUN-DIR";

    private Reports() {
    }

    /** Reads the runs in (or below) {@code runDirectories} and writes the report; returns the files written. */
    public static List<Path> write(List<Path> runDirectories, Path outputDirectory) throws IOException {
        List<RunData> runs = RunReader.readAll(runDirectories);
        Files.createDirectories(outputDirectory);
        Comparison c = new Comparison(runs);
        List<Path> written = new ArrayList<>();
        written.add(text(outputDirectory.resolve("results.csv"), Tables.csv(c)));
        written.add(text(outputDirectory.resolve("results.md"), Tables.markdown(c)));
        written.addAll(Charts.runtime(c, outputDirectory));
        written.addAll(Charts.wanMessages(c, outputDirectory));
        Set<String> names = new HashSet<>();
        for (RunData r : runs) {
            written.addAll(Charts.occupancy(r, unique(fileName(r.name()), names), outputDirectory));
        }
        return written;
    }

    private static Path text(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    /** A run's name made safe for a file name. */
    static String fileName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]+", "_");
        return safe.isEmpty() ? "run" : safe;
    }

    private static String unique(String name, Set<String> taken) {
        String n = name;
        for (int i = 2; !taken.add(n); i++) {
            n = name + "-" + i;
        }
        return n;
    }

    /** {@code satin report}: returns the exit code (0, 1 when the runs cannot be read, 2 for bad usage). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        List<Path> dirs = new ArrayList<>();
        Path output = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--help") || args[i].equals("-h")) {
                out.println(USAGE);
                return 0;
            } else if (args[i].equals("--out") || args[i].equals("-o")) {
                if (i + 1 == args.length) {
                    err.println("satin report: " + args[i] + " needs a directory\n" + USAGE);
                    return 2;
                }
                output = Path.of(args[++i]);
            } else {
                dirs.add(Path.of(args[i]));
            }
        }
        if (dirs.isEmpty() || (output == null && dirs.size() > 1)) {
            err.println("satin report: " + (dirs.isEmpty() ? "no run directory given" : "several run directories"
                    + " need --out") + "\n" + USAGE);
            return 2;
        }
        Path target = output != null ? output : dirs.get(0).resolve("report");
        try {
            List<Path> files = write(dirs, target);
            out.println("satin report: " + files.size() + " files written to " + target);
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("satin report: " + e.getMessage());
            return 1;
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }
}
