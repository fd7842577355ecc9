package satin.bench.paper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.apps.replay.Replay;
import satin.bench.BalancerBench.Outcome;
import satin.deploy.report.Charts;
import satin.deploy.report.Spread;
import satin.record.SpawnTree;

/**
 * van Nieuwpoort, Kielmann and Bal's Figures 4 and 5 (speedups and WAN messages per second of
 * twelve applications, five balancers, one cluster of 64 and four clusters of 16 at four WAN
 * settings) and the job counts of their section 4.2.3, from each application's recorded tree
 * replayed on 64 emulated nodes in this JVM: the paper had 64 machines, this one has 2 cores.
 */
final class WideAreaFigures {

    /** The paper's twelve, by this project's names, in its order. */
    static final List<String> APPS = List.of("fib", "fib-threshold", "integrate", "setcover", "binomial", "ida",
            "knapsack", "matmul", "nqueens", "primes", "raytracer", "tsp");
    static final List<String> BALANCERS = List.of("RS", "RP", "CHS", "CLS", "CRS");
    static final List<String> SETTINGS = List.of("1 cluster", "10ms/1000KB/s", "10ms/100KB/s", "100ms/1000KB/s",
            "100ms/100KB/s");

    /**
     * Inputs with more parallelism than those of {@code ./bench replay}, whose trees have less work
     * than 64 times their critical path: ida korf2 6 has 9 (korf3 10: 67), matmul 1536 has 22
     * (3072: 41), nqueens 15 3 has 30 (15 4: 567 in one recording, 30 in another). tsp stays: it
     * searches its first extension before spawning the rest (for the shared bound), so its tree
     * has 1.4 (spawn depth 6: 1.7).
     */
    static final Map<String, List<String>> PARALLEL_INPUTS = Map.of("nqueens", List.of("15", "4"), "ida",
            List.of("korf3", "10"), "matmul", List.of("3072"));

    private WideAreaFigures() {
    }

    /** The applications of {@code --apps}, checked: only Figures 4 and 5 take it, and only the paper's twelve. */
    static List<String> apps(Reproduction r, String list) {
        if (!r.name().equals("wide-area-fig4") && !r.name().equals("wide-area-fig5")) {
            throw new satin.bench.Args.Bad("--apps: " + r.name() + " has no choice of applications; only"
                    + " wide-area-fig4 and wide-area-fig5 take it");
        }
        List<String> apps = List.of(list.split(","));
        if (apps.stream().distinct().count() < apps.size()) {
            throw new satin.bench.Args.Bad("--apps: '" + list + "' names an application twice");
        }
        for (String a : apps) {
            if (!APPS.contains(a)) {
                throw new satin.bench.Args.Bad("--apps: '" + a + "' is not one of the paper's twelve: "
                        + String.join(", ", APPS));
            }
        }
        return apps;
    }

    /** Figures 4 and 5 from the same runs. */
    static void figures(Making m) throws Exception {
        int nodes = m.tiny ? 8 : 64;
        List<String> apps = m.apps != null ? m.apps : m.tiny ? List.of("fib-threshold", "nqueens") : APPS;
        List<String> balancers = m.tiny ? List.of("RS", "CRS") : BALANCERS;
        List<String> settings = m.tiny ? List.of("1 cluster", "10ms/1000KB/s") : SETTINGS;
        List<Grid.Workload> ws = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (String app : apps) {
            Path file = m.tiny || !PARALLEL_INPUTS.containsKey(app) ? Recordings.tree(app, m.tiny)
                    : Recordings.tree(app, PARALLEL_INPUTS.get(app));
            files.add(file);
            ws.add(Recordings.replayedWithin(app, file, nodes, m.tiny ? 0.2 : 2.5));
        }
        m.say(String.format(Locale.ROOT, "%d nodes (1 cluster, or 4 of %d), each application's recorded tree replayed"
                + " with its waits scaled to %s s of work per node, or of critical path where that is longer;"
                + " %d round%s; medians [min-max]", nodes, nodes / 4, m.tiny ? "0.2" : "2.5", m.rounds,
                m.rounds == 1 ? "" : "s"));
        for (int i = 0; i < ws.size(); i++) {
            Grid.Workload w = ws.get(i);
            SpawnTree t = Replay.tree(files.get(i).toString());
            m.say(String.format(Locale.ROOT, "%s: %d calls, %.1f s sequential as replayed, a parallelism of %.1f (work"
                    + " over critical path: no number of nodes runs it faster)", w.name(), t.size(),
                    w.sequentialSeconds(), (double) t.totalNanos() / t.criticalPathNanos()));
        }
        Grid g = Grid.run(m, nodes, ws, balancers, settings);
        List<Charts.Bars> speedups = new ArrayList<>();
        List<Charts.Bars> wan = new ArrayList<>();
        List<String> wide = settings.subList(1, settings.size());
        for (Grid.Workload w : g.workloads()) {
            speedups.add(g.panel(w.name(), settings, "speedup over the sequential program", Double.NaN,
                    (b, s) -> g.speedup(w.name(), b, s)));
            wan.add(g.panel(w.name(), wide, "WAN messages per second", Double.NaN,
                    (b, s) -> g.spread(w.name(), b, s, Outcome::wanPerSecond)));
            table(m, g, w.name(), "speedup over the sequential program", (b, s) -> Grid.cell(g.speedup(w.name(), b, s), 1));
            table(m, g, w.name(), "WAN messages per second", (b, s) -> Grid.cell(g.spread(w.name(), b, s,
                    Outcome::wanPerSecond), 0));
        }
        m.chart("Figure 4: speedups on " + nodes + " nodes (medians; whiskers: min-max)", speedups, false, "figure-4");
        m.chart("Figure 5: WAN messages per second, all nodes together (medians; whiskers: min-max)", wan, true,
                "figure-5");
    }

    private static void table(Making m, Grid g, String app, String what,
            java.util.function.BiFunction<String, String, String> cell) throws java.io.IOException {
        List<String> head = new ArrayList<>(List.of("balancer"));
        head.addAll(g.settings);
        List<List<String>> rows = new ArrayList<>();
        for (String b : g.balancers) {
            List<String> row = new ArrayList<>(List.of(b));
            for (String s : g.settings) {
                row.add(cell.apply(b, s));
            }
            rows.add(row);
        }
        m.table(app + ": " + what, head, rows);
    }

    /** Section 4.2.3: set covering on one cluster of 64, jobs CHS moves against RS's (40,443 against 7,734). */
    static void jobCounts(Making m) throws Exception {
        int nodes = m.tiny ? 8 : 64;
        Grid.Workload w = Recordings.replayed("setcover", "setcover", m.tiny, nodes, m.tiny ? 0.2 : 2.5);
        Grid g = Grid.run(m, nodes, List.of(w), List.of("RS", "CHS"), List.of("1 cluster"));
        List<List<String>> rows = new ArrayList<>();
        for (String b : g.balancers) {
            Spread jobs = g.spread("setcover", b, "1 cluster", o -> o.lanJobs() + o.wanJobs());
            rows.add(List.of(b, Grid.cell(jobs, 0), Grid.cell(g.spread("setcover", b, "1 cluster", Outcome::seconds), 2)));
        }
        m.table("set covering on 1 cluster of " + nodes + ": jobs moved between nodes (every hop counts)",
                List.of("balancer", "jobs moved", "run time s"), rows);
        double rs = g.spread("setcover", "RS", "1 cluster", o -> o.lanJobs() + o.wanJobs()).median();
        double chs = g.spread("setcover", "CHS", "1 cluster", o -> o.lanJobs() + o.wanJobs()).median();
        m.say(String.format(Locale.ROOT, "RS moves %.0f%% of the jobs CHS moves (the paper: 7,734 of 40,443, 19%%)",
                100 * rs / chs));
    }
}
