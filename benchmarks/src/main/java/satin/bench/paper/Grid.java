package satin.bench.paper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import satin.bench.BalancerBench;
import satin.bench.BalancerBench.Outcome;
import satin.bench.BenchTree;
import satin.deploy.report.Charts;
import satin.deploy.report.Spread;

/**
 * Real runs of workloads on emulated nodes in this JVM, every balancer on every setting ("1
 * cluster", or WAN links between 4 clusters), round after round, so that a change of the machine's
 * load meets every cell alike; each run's answer checked ({@link BalancerBench#once}).
 */
final class Grid {

    /** A workload under the name a figure gives it, with the sequential time its speedups are over. */
    record Workload(String name, BenchTree tree, double sequentialSeconds) {
    }

    private record Key(String workload, String balancer, String setting) {
    }

    final List<String> balancers;
    final List<String> settings;
    private final Map<Key, List<Outcome>> outcomes = new LinkedHashMap<>();
    private final Map<String, Workload> workloads = new LinkedHashMap<>();

    private Grid(List<String> balancers, List<String> settings) {
        this.balancers = List.copyOf(balancers);
        this.settings = List.copyOf(settings);
    }

    static Grid run(Making m, int nodes, List<Workload> ws, List<String> balancers, List<String> settings)
            throws InterruptedException, IOException {
        Grid g = new Grid(balancers, settings);
        KeptRuns kept = m.keptRuns();
        m.plan(ws.size() * (1 + m.rounds * balancers.size() * settings.size()));
        for (Workload w : ws) {
            g.workloads.put(w.name(), w);
            List<Cell> cells = g.cells(w, m.rounds);
            BalancerBench bench = new BalancerBench(nodes, w.tree());
            if (kept.hasAll(cells.stream().map(Cell::kept).toList())) {
                m.skipped();
            } else {
                // every run shares this JVM's JIT: the first of each workload would run cold
                Outcome warm = bench.once(balancers.get(0), settings.get(0), w.tree().expected());
                m.ran(String.format(Locale.ROOT, "%s warm-up (not counted): %.2f s", w.name(), warm.seconds()));
            }
            for (Cell c : cells) {
                Outcome o = kept.get(c.kept());
                if (o != null) {
                    m.kept();
                } else {
                    o = bench.once(c.key().balancer(), c.key().setting(), w.tree().expected());
                    kept.put(c.kept(), o);
                    m.ran(String.format(Locale.ROOT, "%s, %s, %s: %.2f s", w.name(), c.key().balancer(),
                            c.key().setting(), o.seconds()));
                }
                g.outcomes.computeIfAbsent(c.key(), x -> new ArrayList<>()).add(o);
            }
        }
        return g;
    }

    /** One run to make: its cell of the grid and its key among the kept runs. */
    private record Cell(Key key, String kept) {
    }

    /** A workload's runs in the order they are made: round by round, so that load meets each alike. */
    private List<Cell> cells(Workload w, int rounds) {
        List<Cell> cells = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (String s : settings) {
                for (String b : balancers) {
                    cells.add(new Cell(new Key(w.name(), b, s), KeptRuns.key(w, b, s, r)));
                }
            }
        }
        return cells;
    }

    List<Workload> workloads() {
        return List.copyOf(workloads.values());
    }

    Spread spread(String workload, String balancer, String setting, ToDoubleFunction<Outcome> f) {
        List<Outcome> o = outcomes.get(new Key(workload, balancer, setting));
        return o == null ? Spread.of(new double[0]) : Spread.of(o.stream().mapToDouble(f).toArray());
    }

    /** The speedup over the workload's sequential time, per round. */
    Spread speedup(String workload, String balancer, String setting) {
        double seq = workloads.get(workload).sequentialSeconds();
        return spread(workload, balancer, setting, o -> seq / o.seconds());
    }

    static String cell(Spread s, int decimals) {
        if (s.n() == 0) {
            return "-";
        }
        String median = String.format(Locale.ROOT, "%." + decimals + "f", s.median());
        return s.n() > 1 ? median + " " + s.range(decimals) : median;
    }

    /** A panel per workload: a group per balancer, a bar per setting. */
    Charts.Bars panel(String workload, List<String> settings, String yLabel, double reference,
            java.util.function.BiFunction<String, String, Spread> value) {
        return Charts.Bars.of(workload, balancers, settings, value, yLabel, reference);
    }
}
