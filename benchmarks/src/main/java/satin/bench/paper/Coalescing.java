package satin.bench.paper;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import satin.bench.BalancerBench;
import satin.bench.BalancerBench.Outcome;
import satin.bench.BenchTree;

/**
 * Jose, Potluri, Luo, Sur and Panda's message coalescing, as this project applies it (decision
 * 0048): RS and CRS on 4 clusters of 16 over 10 ms / 100 KB/s links, each with small messages to one
 * peer sent alone and coalesced within 200 us; WAN frames and run time. Their own figures measure
 * UPC queues on an InfiniBand cluster, which this project has no counterpart of.
 */
final class Coalescing {

    private Coalescing() {
    }

    static void table(Making m) throws Exception {
        int nodes = m.tiny ? 8 : 64;
        BenchTree tree = m.tiny ? BenchTree.synthetic(nodes, 4, 3, 20_000, 0.5, 100)
                : BenchTree.synthetic(nodes, 4, 7, 40_000, 0.5, 100);
        List<String> settings = BalancerBench.withCoalescing(List.of("10ms/100KB/s"), "200us");
        m.say(tree.description() + ", " + nodes + " nodes as 4 clusters; " + m.rounds + " round(s); medians [min-max]");
        Grid g = Grid.run(m, nodes, List.of(new Grid.Workload("synthetic", tree, tree.idealSeconds() * nodes)),
                List.of("RS", "CRS"), settings);
        List<List<String>> rows = new ArrayList<>();
        for (String b : g.balancers) {
            for (String s : settings) {
                rows.add(List.of(b, s.contains("coalesce") ? "within 200 us" : "off",
                        Grid.cell(g.spread("synthetic", b, s, Outcome::seconds), 2),
                        Grid.cell(g.spread("synthetic", b, s, o -> o.count("wanMessagesSent")), 0),
                        Grid.cell(g.spread("synthetic", b, s, Outcome::wanPerSecond), 0)));
            }
        }
        m.table(String.format(Locale.ROOT, "Coalescing on 4 x %d at 10 ms / 100 KB/s", nodes / 4),
                List.of("balancer", "coalescing", "run time s", "WAN frames", "WAN frames/s"), rows);
    }
}
