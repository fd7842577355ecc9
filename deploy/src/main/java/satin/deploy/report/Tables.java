package satin.deploy.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The comparison as text: {@code results.csv}, one row per run with every number the report
 * knows, for spreadsheets (latencies in seconds at full occupancy and, as seed 001 reports them,
 * at 90%); {@code results.md}, medians over repetitions as seed 004 shows them, one
 * table per workload with balancers as rows and configurations as columns.
 */
public final class Tables {

    static final List<String> CSV_HEADER = List.of("run", "app", "args", "balancer", "wan", "clusters", "nodes",
            "repetition", "exit_code", "run_time_s", "launcher_wall_s", "sequential_s", "speedup", "vs_1_cluster",
            "wan_msgs_per_s",
            "lan_steal_attempts", "lan_steals", "wan_steal_attempts", "wan_steals", "jobs_given", "prefetched",
            "pushed", "starting_latency_s", "ending_latency_s", "starting_latency_90_s", "ending_latency_90_s",
            "max_occupancy", "mean_occupancy");

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
                    number(Comparison.speedup(r), 3), number(c.versusOneCluster(r), 3),
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
            b.append(String.join(",", row.stream().map(Tables::csvField).toList())).append('\n');
        }
        return b.toString();
    }

    /** Per workload, a table of medians: "time s (x vs 1 cluster), WAN msgs/s" in each cell. */
    public static String markdown(Comparison c) {
        StringBuilder b = new StringBuilder("# Comparison of load balancers\n\n");
        b.append("![run time by balancer and WAN setting](runtime.png)\n\n"
                + "![WAN messages per second](wan-messages.png)\n\n");
        b.append("Medians over repetitions. Each cell: run time in seconds (how many times faster than the same"
                + " balancer on one cluster of as many nodes, median over median; below 1 is slower), then WAN"
                + " messages sent per second by all nodes; the speedup over the sequential program where its time"
                + " is known; n = runs.\n");
        if (!c.failed().isEmpty()) {
            b.append("\nLeft out, because they exited with an error:");
            for (RunData r : c.failed()) {
                b.append(' ').append(r.name()).append(" (exit ").append(r.exitCode()).append(')');
            }
            b.append(".\n");
        }
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
        return b.toString();
    }

    private static String cell(Comparison c, String w, String bal, String conf) {
        List<RunData> runs = c.cell(w, bal, conf);
        if (runs.isEmpty()) {
            return "-";
        }
        double time = c.median(w, bal, conf, RunData::runSeconds);
        double versus = c.versusOneCluster(w, bal, conf);
        double wan = c.median(w, bal, conf, RunData::wanMessagesPerSecond);
        double speedup = c.speedup(w, bal, conf);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.3f s", time));
        if (!Double.isNaN(versus)) {
            s.append(String.format(Locale.ROOT, " (%.2fx vs 1 cluster)", versus));
        }
        s.append(String.format(Locale.ROOT, ", %s WAN msgs/s", number(wan, 1)));
        if (!Double.isNaN(speedup)) {
            s.append(String.format(Locale.ROOT, "; speedup %.1f", speedup));
        }
        return s.append("; n = ").append(runs.size()).toString();
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
