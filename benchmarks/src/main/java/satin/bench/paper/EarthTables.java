package satin.bench.paper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import satin.bench.AppsBench;
import satin.bench.BalancerBench.Outcome;
import satin.bench.BenchTree;
import satin.deploy.report.Charts;
import satin.deploy.report.Spread;

/**
 * Kakulavarapu, Maquelin, Amaral and Gao's Tables 2 to 5 on 32 emulated nodes of one cluster: their
 * divide-and-conquer benchmarks by the closest of ours (Fibonacci: fib with a threshold; Queens:
 * nqueens; TSP: tsp; Knary: the synthetic 7-ary tree; Matrix: matmul), recorded and replayed; their
 * regular benchmarks (Tomcatv, SPMD, Paraffins) have no counterpart here.
 */
final class EarthTables {

    static final List<String> EIGHT = List.of("DUAL", "SPN", "SHIS", "SND", "HIS", "RANGE", "CATAPULT", "RAND");
    static final List<String> TABLE_4 = List.of("SPN", "SND", "HIS", "RAND", "MINIMA");
    static final List<String> TABLE_5 = List.of("HIS", "RAND");
    private static final String ONE = "1 cluster";

    private EarthTables() {
    }

    private static List<Grid.Workload> workloads(Making m, int nodes) throws Exception {
        double ideal = m.tiny ? 0.2 : 2.5;
        if (m.tiny) {
            return List.of(Recordings.replayed("Fibonacci (fib-threshold)", "fib-threshold", true, nodes, ideal));
        }
        List<Grid.Workload> ws = new ArrayList<>();
        ws.add(Recordings.replayed("Fibonacci (fib-threshold)", "fib-threshold", false, nodes, ideal));
        ws.add(Recordings.replayed("Queens (nqueens)", "nqueens", false, nodes, ideal));
        ws.add(Recordings.replayed("TSP (tsp)", "tsp", false, nodes, ideal));
        // Knary(7,7,2): a 7-ary tree; here 7^6 leaves whose waits add up to the same work per node
        long leafMicros = Math.round(ideal * nodes * 1e6 / Math.pow(7, 6));
        BenchTree knary = BenchTree.synthetic(nodes, 7, 6, leafMicros, 0, 100);
        ws.add(new Grid.Workload("Knary (synthetic 7^6)", knary, knary.idealSeconds() * nodes));
        ws.add(Recordings.replayed("Matrix (matmul)", "matmul", false, nodes, ideal));
        return ws;
    }

    private static Grid run(Making m, List<String> balancers) throws Exception {
        int nodes = m.tiny ? 8 : 32;
        m.say(String.format(Locale.ROOT, "%d nodes of one cluster; recorded trees replayed with waits scaled to %s s of"
                + " work per node; %d round%s; medians [min-max]", nodes, m.tiny ? "0.2" : "2.5", m.rounds,
                m.rounds == 1 ? "" : "s"));
        return Grid.run(m, nodes, workloads(m, nodes), balancers, List.of(ONE));
    }

    /** Table 2 (elapsed times) and Table 3 (each over the fastest balancer's for that program), from the same runs. */
    static void tables2And3(Making m) throws Exception {
        Grid g = run(m, EIGHT);
        table(m, g, false);
        table(m, g, true);
    }

    private static void table(Making m, Grid g, boolean normalized) throws IOException {
        List<String> head = new ArrayList<>(List.of("benchmark"));
        head.addAll(EIGHT);
        List<List<String>> rows = new ArrayList<>();
        List<Charts.Bars> panels = new ArrayList<>();
        for (Grid.Workload w : g.workloads()) {
            double fastest = EIGHT.stream().mapToDouble(b -> g.spread(w.name(), b, ONE, Outcome::seconds).median()).min()
                    .orElse(Double.NaN);
            List<String> row = new ArrayList<>(List.of(w.name()));
            for (String b : EIGHT) {
                Spread s = g.spread(w.name(), b, ONE, Outcome::seconds);
                row.add(normalized ? String.format(Locale.ROOT, "%.2f", s.median() / fastest) : Grid.cell(s, 2));
            }
            rows.add(row);
            panels.add(g.panel(w.name(), List.of(ONE), normalized ? "time / fastest balancer's" : "elapsed time (s)",
                    normalized ? 1 : Double.NaN, (b, s) -> normalized ? Spread.ratio(g.spread(w.name(), b, s,
                            Outcome::seconds), Spread.of(new double[] {fastest})) : g.spread(w.name(), b, s, Outcome::seconds)));
        }
        String title = normalized ? "Table 3: elapsed time over the fastest balancer's, medians"
                : "Table 2: elapsed times in seconds, medians [min-max]";
        m.table(title, head, rows);
        m.chart(title, panels, false, normalized ? "table-3" : "table-2");
    }

    /** Table 4: the dynamic balancers against Minima, which distributes one job to each node and stops. */
    static void table4(Making m) throws Exception {
        Grid g = run(m, TABLE_4);
        List<List<String>> rows = new ArrayList<>();
        for (Grid.Workload w : g.workloads()) {
            double minima = g.spread(w.name(), "MINIMA", ONE, Outcome::seconds).median();
            for (String attribute : List.of("elapsed time s", "% reduction", "speedup over Minima")) {
                List<String> row = new ArrayList<>(List.of(attribute.startsWith("elapsed") ? w.name() : "", attribute));
                for (String b : TABLE_4) {
                    double t = g.spread(w.name(), b, ONE, Outcome::seconds).median();
                    row.add(switch (attribute) {
                        case "elapsed time s" -> Grid.cell(g.spread(w.name(), b, ONE, Outcome::seconds), 2);
                        case "% reduction" -> String.format(Locale.ROOT, "%.1f", 100 * (1 - t / minima));
                        default -> String.format(Locale.ROOT, "%.2f", minima / t);
                    });
                }
                rows.add(row);
            }
        }
        List<String> head = new ArrayList<>(List.of("benchmark", "attribute"));
        head.addAll(TABLE_4);
        m.table("Table 4: against a static distribution (Minima)", head, rows);
    }

    /**
     * Table 5: absolute and relative speedups and the USE factor. The USE factor (sequential time
     * over one node's) is measured on the real application, one worker against the sequential
     * program; the relative speedup is the replay's (its one-node time is its work, since it waits);
     * the absolute speedup is their product.
     */
    static void table5(Making m) throws Exception {
        Grid g = run(m, TABLE_5);
        m.plan(g.workloads().size());
        List<List<String>> rows = new ArrayList<>();
        for (Grid.Workload w : g.workloads()) {
            String app = w.name().contains("(") ? w.name().substring(w.name().indexOf('(') + 1, w.name().indexOf(')')) : "";
            Spread use = app.startsWith("synthetic") ? Spread.of(new double[0])
                    : Spread.of(AppsBench.useFactors(app, m.tiny ? "small" : "medium", m.rounds));
            m.ran(app + ": USE factor measured");
            for (String b : TABLE_5) {
                Spread relative = g.speedup(w.name(), b, ONE);
                rows.add(List.of(w.name(), b, use.n() == 0 ? "-" : String.format(Locale.ROOT, "%.2f", use.median()
                        * relative.median()), Grid.cell(relative, 2), use.n() == 0 ? "- (waits, no computation)"
                                : String.format(Locale.ROOT, "%.1f %s", 100 * use.median(), scaled(use))));
            }
        }
        m.table("Table 5: absolute and relative speedups, USE factor %", List.of("benchmark", "balancer",
                "absolute speedup", "relative speedup", "USE factor %"), rows);
    }

    private static String scaled(Spread s) {
        return s.n() > 1 ? String.format(Locale.ROOT, "[%.1f-%.1f]", 100 * s.min(), 100 * s.max()) : "";
    }
}
