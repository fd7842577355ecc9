package satin.deploy.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as text: {@code results.csv}, one row per run with every number the report
 * knows, for spreadsheets (latencies in seconds at full occupancy and, as Perarnau and Sato (victim selection) reports them,
 * at 90%); {@code results.md}, medians over repetitions as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) shows them, one
 * table per workload with balancers as rows and configurations as columns.
 */
public final class Tables {

    static final List<String> CSV_HEADER = List.of("run", "app", "args", "balancer", "wan", "clusters", "nodes",
            "repetition", "exit_code", "run_time_s", "launcher_wall_s", "sequential_s", "speedup", "use", "vs_1_cluster",
            "wan_msgs_per_s",
            "lan_steal_attempts", "lan_steals", "wan_steal_attempts", "wan_steals", "jobs_given", "prefetched",
            "pushed", "starting_latency_s", "ending_latency_s", "starting_latency_90_s", "ending_latency_90_s",
            "max_occupancy", "mean_occupancy", "cell_median_run_time_s", "cell_min_run_time_s",
            "cell_max_run_time_s", "cell_runs", "within_noise_of", "too_short");

    static final String OCCUPANCY_HEADING = "\n## Occupancy of each run";

    private Tables() {
    }

    /** One line per run after a header; numbers unknown are empty cells. */
    public static String csv(Comparison c) {
        StringBuilder b = new StringBuilder();
        b.append(String.join(",", CSV_HEADER)).append('\n');
        for (RunData r : c.runs()) {
            Occupancy o = Occupancy.of(r.traces(), r.nodes());
            List<String> row = new ArrayList<>(List.of(r.name(), r.app(), r.args(), r.balancer(), r.wan(),
                    Integer.toString(r.clusters()), Integer.toString(r.nodes()), Integer.toString(r.repetition()),
                    r.exitCode() == null ? "" : r.exitCode().toString(), number(r.runSeconds(), 4),
                    r.launcherSeconds() == null ? "" : number(r.launcherSeconds(), 4),
                    r.sequentialSeconds() == null ? "" : number(r.sequentialSeconds(), 4),
                    number(Comparison.speedup(r), 3), number(c.use(r), 3), number(c.versusOneCluster(r), 3),
                    number(r.wanMessagesPerSecond(), 2)));
            for (String key : List.of("lanStealRequests", "lanSteals", "wanStealRequests", "wanSteals", "jobsGiven",
                    "prefetched", "jobsPushed")) {
                row.add(Long.toString(r.total(key)));
            }
            row.add(number(o.startingLatency(1), 4));
            row.add(number(o.endingLatency(1), 4));
            row.add(number(o.startingLatency(0.9), 4));
            row.add(number(o.endingLatency(0.9), 4));
            row.add(number(o.maxOccupancy(), 3));
            row.add(number(o.meanOccupancy(), 3));
            row.addAll(cellColumns(c, r));
            b.append(String.join(",", row.stream().map(Tables::csvField).toList())).append('\n');
        }
        return b.toString();
    }

    /** The run's cell as the table shows it: its run times' spread and the balancers within its noise. */
    private static List<String> cellColumns(Comparison c, RunData r) {
        if (c.failed().contains(r)) {
            return List.of("", "", "", "", "", ShortRuns.why(r));
        }
        String conf = c.configuration(r);
        Spread s = c.spread(r.workload(), r.balancer(), conf, RunData::runSeconds);
        return List.of(number(s.median(), 4), number(s.min(), 4), number(s.max(), 4), Integer.toString(s.n()),
                String.join(";", c.withinNoise(r.workload(), r.balancer(), conf)), ShortRuns.why(r));
    }

    /** The tables without links to occupancy charts. */
    public static String markdown(Comparison c) {
        return markdown(c, java.util.Map.of());
    }

    /**
     * Per workload, a table of medians: "time s [min-max] (x vs 1 cluster), WAN msgs/s" in each
     * cell; then a link to each run's occupancy chart, {@code occupancy} naming their files.
     */
    public static String markdown(Comparison c, java.util.Map<RunData, String> occupancy) {
        StringBuilder b = new StringBuilder("# Comparison of load balancers\n\n");
        b.append("![run time by balancer and WAN setting](runtime.png)\n\n"
                + "![WAN messages per second](wan-messages.png)\n\n");
        b.append("Medians over repetitions, with [min-max] where a cell has several runs. Each cell: run time in"
                + " seconds (how many times faster than the same balancer on one cluster of as many nodes, median"
                + " over median, its range from the fastest and slowest runs; below 1 is slower), then WAN"
                + " messages sent per second by all nodes; the speedup over the sequential program where its time"
                + " is known, and the USE factor (the sequential time over the same balancer's time on one node,"
                + " Kakulavarapu et al.) where a one-node run is there too; n = runs. \"≈ B\": the run times of this cell and of balancer B overlap, so these"
                + " runs cannot tell the two apart; \"≈ 1 cluster\": nor this WAN setting from one cluster.\n");
        notes(c, b);
        for (String w : c.workloads()) {
            List<String> configurations = c.configurations(w);
            b.append("\n## ").append(w).append("\n\n| balancer |");
            for (String conf : configurations) {
                b.append(' ').append(markdownText(conf)).append(" |");
            }
            b.append("\n|---|").append("---|".repeat(configurations.size())).append('\n');
            for (String bal : c.balancers(w)) {
                b.append("| ").append(markdownText(bal)).append(" |");
                for (String conf : configurations) {
                    b.append(' ').append(cell(c, w, bal, conf)).append(" |");
                }
                b.append('\n');
            }
        }
        occupancyLinks(c, occupancy, b);
        return b.toString();
    }

    private static void occupancyLinks(Comparison c, java.util.Map<RunData, String> occupancy, StringBuilder b) {
        if (occupancy.isEmpty()) {
            return;
        }
        b.append(OCCUPANCY_HEADING).append("\n\n");
        for (RunData r : c.runs()) {
            String file = occupancy.get(r);
            b.append("- ").append(markdownText(r.workload() + ", " + r.balancer() + ", " + c.configuration(r)
                    + ", repetition " + r.repetition()));
            if (c.failed().contains(r)) {
                b.append(" (**failed**, exit ").append(r.exitCode()).append(')');
            }
            b.append(": [").append(file).append(".svg](").append(file).append(".svg), [png](").append(file)
                    .append(".png)\n");
        }
    }

    /** Failed runs, cells of one run and runs too short, each said before the tables. */
    private static void notes(Comparison c, StringBuilder b) {
        if (!c.failed().isEmpty()) {
            b.append("\n**Failed**, left out of the tables:");
            for (RunData r : c.failed()) {
                b.append(' ').append(r.name()).append(" (exit ").append(r.exitCode()).append(')');
            }
            b.append(".\n");
        }
        if (c.runs().stream().anyMatch(r -> !c.failed().contains(r)
                && c.cell(r.workload(), r.balancer(), c.configuration(r)).size() < 2)) {
            b.append("\n**Single runs**: a cell of one run has no spread, and differences of a few percent between"
                    + " such cells may be noise; run --repetitions 3 or more.\n");
        }
        List<String> tooShort = c.runs().stream().filter(r -> !ShortRuns.why(r).isEmpty())
                .map(r -> r.name() + " (" + ShortRuns.why(r) + ")").toList();
        if (!tooShort.isEmpty()) {
            b.append("\n**Too short to say anything** (marked \"short\"): ").append(String.join("; ", tooShort))
                    .append(". A run should last at least ").append(ShortRuns.ROUND_TRIPS)
                    .append(" WAN round trips and longer than its start-up.\n");
        }
    }

    private static String cell(Comparison c, String w, String bal, String conf) {
        List<RunData> runs = c.cell(w, bal, conf);
        if (runs.isEmpty()) {
            return "-";
        }
        Spread time = c.spread(w, bal, conf, RunData::runSeconds);
        Spread versus = c.versusOneClusterSpread(w, bal, conf);
        Spread wan = c.spread(w, bal, conf, RunData::wanMessagesPerSecond);
        double speedup = c.speedup(w, bal, conf);
        boolean several = runs.get(0).clusters() > 1;
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.3f s", time.median()));
        append(s, time.range(3));
        if (!Double.isNaN(versus.median())) {
            s.append(String.format(Locale.ROOT, " (%.2fx", versus.median()));
            append(s, several ? versus.range(2) : ""); // on one cluster it is 1 by construction
            s.append(" vs 1 cluster)");
        }
        s.append(String.format(Locale.ROOT, ", %s", number(wan.median(), 1)));
        append(s, several ? wan.range(1) : ""); // none cross a WAN on one cluster
        s.append(" WAN msgs/s");
        if (!Double.isNaN(speedup)) {
            s.append(String.format(Locale.ROOT, "; speedup %.1f", speedup));
        }
        double use = c.use(w, bal, conf);
        if (!Double.isNaN(use)) {
            s.append(String.format(Locale.ROOT, "; USE %.0f%%", 100 * use));
        }
        s.append("; n = ").append(runs.size());
        return s.append(marks(c, w, bal, conf, several && versus.contains(1), runs)).toString();
    }

    private static String marks(Comparison c, String w, String bal, String conf, boolean likeOneCluster,
            List<RunData> runs) {
        StringBuilder m = new StringBuilder();
        List<String> noise = c.withinNoise(w, bal, conf);
        if (!noise.isEmpty()) {
            m.append("; ≈ ").append(markdownText(String.join(", ", noise)));
        }
        if (likeOneCluster) {
            m.append("; ≈ 1 cluster");
        }
        if (runs.stream().anyMatch(r -> !ShortRuns.why(r).isEmpty())) {
            m.append("; short");
        }
        return m.toString();
    }

    private static void append(StringBuilder s, String range) {
        if (!range.isEmpty()) {
            s.append(' ').append(range);
        }
    }

    static String number(double v, int decimals) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String csvField(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    private static String markdownText(String s) {
        return s.replace("|", "\\|");
    }
}
