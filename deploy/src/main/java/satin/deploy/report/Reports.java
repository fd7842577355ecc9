package satin.deploy.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.List;
import java.util.Set;

/**
 * The comparison report of a set of runs: {@code results.csv}, {@code results.md},
 * {@code runtime.png/svg}, {@code wan-messages.png/svg}, an {@code occupancy-RUN.png/svg} per
 * run and its timeline ({@value #TRACE}, or {@code trace-RUN.json} each when there are several);
 * {@code satin report} (satin.deploy.cli) calls {@link #write}.
 */
public final class Reports {

    private Reports() {
    }

    /** The list of the runs a report is of, beside it: a later report of other runs does not overwrite it. */
    static final String RUNS = "runs.txt";

    /** The timeline ({@link TraceEvents}) of a report of one run; of several, {@code trace-<what it ran>.json} each. */
    public static final String TRACE = "trace.json";

    /** The report of one invocation's runs; returns the files written. */
    public static List<Path> write(List<Path> runDirectories, Path outputDirectory) throws IOException {
        return write(runDirectories, outputDirectory, false);
    }

    /**
     * Reads the runs in (or below) {@code runDirectories} and writes the report; returns the files
     * written. Runs of several invocations only if {@code merge}; never over the report of other runs.
     */
    public static List<Path> write(List<Path> runDirectories, Path outputDirectory, boolean merge) throws IOException {
        List<RunData> runs = RunReader.readAll(runDirectories);
        if (!merge) {
            Experiments.checkOne(runs);
        }
        List<String> real = new ArrayList<>();
        for (RunData r : runs) {
            real.add(r.directory().toRealPath().toString()); // the same runs reached through latest are the same
        }
        String list = real.stream().sorted().collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        refuseOtherReport(outputDirectory, list);
        Files.createDirectories(outputDirectory);
        text(outputDirectory.resolve(RUNS), list);
        Comparison c = new Comparison(runs);
        Map<RunData, String> occupancy = occupancyNames(c);
        List<Path> written = new ArrayList<>();
        written.add(text(outputDirectory.resolve("results.csv"), Tables.csv(c)));
        written.add(text(outputDirectory.resolve("results.md"), Tables.markdown(c, occupancy)));
        written.add(text(outputDirectory.resolve("round-trips.md"), roundTrips(runs)));
        written.addAll(Charts.runtime(c, outputDirectory));
        written.addAll(Charts.wanMessages(c, outputDirectory));
        for (RunData r : runs) {
            written.addAll(Charts.occupancy(r, occupancy.get(r), outputDirectory));
        }
        for (RunData r : runs) {
            written.add(TraceEvents.write(r, outputDirectory.resolve(traceName(runs.size(), occupancy.get(r)))));
        }
        return written;
    }

    /** {@value #TRACE} for a report of one run; for several, each run's by what it ran, as its occupancy chart is. */
    static String traceName(int runs, String occupancyName) {
        return runs == 1 ? TRACE : "trace-" + occupancyName.substring("occupancy-".length()) + ".json";
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

    /**
     * Each run's occupancy chart by what it ran: workload, balancer, configuration, repetition, and
     * FAILED for a run that failed; the run's own name is a time stamp nobody can read a cell from.
     */
    static Map<RunData, String> occupancyNames(Comparison c) {
        Map<RunData, String> names = new IdentityHashMap<>();
        Set<String> taken = new HashSet<>();
        for (RunData r : c.runs()) {
            String name = r.workload() + "-" + r.balancer() + "-" + c.configuration(r) + "-rep" + r.repetition()
                    + (c.failed().contains(r) ? "-FAILED" : "");
            names.put(r, "occupancy-" + unique(fileName(name), taken));
        }
        return names;
    }

    private static void refuseOtherReport(Path directory, String runs) throws IOException {
        if (!Files.exists(directory.resolve("results.md"))) {
            return;
        }
        Path list = directory.resolve(RUNS);
        if (!Files.isRegularFile(list) || !Files.readString(list, StandardCharsets.UTF_8).equals(runs)) {
            throw new IllegalArgumentException(directory + " holds the report of other runs (see its " + RUNS
                    + "): give another --out, or remove it first");
        }
    }

    private static Path text(Path file, String content) throws IOException {
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    /** results.md without its list of occupancy charts: what a terminal shows. */
    public static String tablesOnly(String resultsMd) {
        int links = resultsMd.indexOf(Tables.OCCUPANCY_HEADING);
        return links < 0 ? resultsMd : resultsMd.substring(0, links + 1);
    }

    /** A text made safe for a file name. */
    static String fileName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("_*-_*", "-");
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
