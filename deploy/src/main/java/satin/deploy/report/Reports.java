package satin.deploy.report;

import java.io.IOException;
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
 * run; {@code satin report} (satin.deploy.cli) calls {@link #write}.
 */
public final class Reports {

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
        written.add(text(outputDirectory.resolve("round-trips.md"), roundTrips(runs)));
        written.addAll(Charts.runtime(c, outputDirectory));
        written.addAll(Charts.wanMessages(c, outputDirectory));
        Set<String> names = new HashSet<>();
        for (RunData r : runs) {
            written.addAll(Charts.occupancy(r, unique(fileName(r.name()), names), outputDirectory));
        }
        return written;
    }

    /** Per run, the round trips its nodes measured between clusters beside the configured ones. */
    static String roundTrips(List<RunData> runs) {
        StringBuilder b = new StringBuilder("# Round trips between clusters, configured and measured\n\n"
                + "Measured from each steal request to its reply, smoothed per node and member; configured: twice"
                + " the emulated latency (0 on a real wide area).\n");
        for (RunData r : runs) {
            b.append("\n## ").append(r.name()).append(" (").append(r.balancer()).append(", WAN ").append(r.wan())
                    .append(")\n\n").append(r.roundTrips().isEmpty() ? "no round trips measured\n" : r.roundTrips().table());
        }
        return b.toString();
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
}
