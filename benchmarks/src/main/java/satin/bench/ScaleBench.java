package satin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.deploy.report.Occupancy;
import satin.deploy.report.RunData;
import satin.deploy.report.RunReader;
import satin.deploy.sim.Workloads;
import satin.sim.IdleLoop;
import satin.sim.Interconnect;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Topology;
import satin.sim.Workload;

/**
 * Two claims of the seeds rerun in the simulator, at their scale:
 *
 * <ul>
 * <li>{@code seed000}: Olivier and Prins report 80% efficiency on 1,024 processors of an InfiniBand
 * cluster with UTS on a binomial tree, stealing chunks of nodes. Here: 1,024 nodes of one
 * InfiniBand cluster, UTS T1L (geometric, 102 million nodes) and T3L (binomial, 111 million),
 * each tree node costing what one of their cores took (476 ns, 2.1 million nodes a second) and
 * ten times that; random stealing with the runtime's idle loop and with a thief that asks again at
 * once (as their polling codes do), and hierarchical stealing.
 * <li>{@code seed001}: Perarnau and Sato find that choosing victims by distance speeds work
 * stealing up at thousands of nodes. Here: 8,192 nodes, 32 groups of 256 on a ring whose latency
 * grows with the distance between groups, UTS T1L at 1 us a node, random stealing and
 * cluster-aware random stealing with uniform victims and with victims weighted by 1 / latency.
 * </ul>
 *
 * <p>Each experiment also runs with steal-half ({@code chunk=half}), the chunked stealing both
 * papers rely on.
 *
 * Each run prints its time, efficiency (the work of one worker alone over nodes times time), failed
 * steals, the wait for steal replies and Perarnau and Sato's starting and ending latencies.
 */
public final class ScaleBench {

    /** Seed 000: one core explores 2.10 million nodes a second. */
    private static final long SEED000_NODE_NANOS = 476;

    /** What Perarnau and Sato's binomial tree on 8,192 nodes with steal-half needs (10.7 GB resident was seen). */
    private static final long BINOMIAL_HEAP = 12L << 30;

    private ScaleBench() {
    }

    static void run(String[] args) {
        String which = args.length > 0 ? args[0] : "all";
        if (!List.of("seed000", "seed001", "all").contains(which) || args.length > 2) {
            throw new Args.Bad("bench simulate scale [seed000|seed001|all] [tree and balancer text], not "
                    + String.join(" ", args));
        }
        // only the runs whose tree and balancer ("T3L RS:chunk=half") contain this text: rows take minutes each
        String only = args.length > 1 ? args[1] : "";
        header();
        if (!which.equals("seed001")) {
            seed000(only);
        }
        if (!which.equals("seed000")) {
            seed001(only);
        }
    }

    private static void header() {
        System.out.println("| experiment | nodes | tree | node cost | balancer | idle loop | time s | efficiency | steals asked"
                + " | failed | wait per node s | SL(0.9) | EL(0.9) | SL(1) | EL(1) | wall s |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    }

    private static void seed000(String only) {
        Topology t = new Topology(List.of(new Topology.Cluster("topsail", 1_024, 1)));
        long fast = SEED000_NODE_NANOS;
        long slow = 10 * SEED000_NODE_NANOS;
        // a thief that asks again at once floods the simulation where work is scarce (T3L at 476 ns): left out
        Object[][] runs = {
            {"T1L", fast, "RS", false}, {"T1L", fast, "RS", true}, {"T1L", fast, "CHS", false},
            {"T1L", slow, "RS", false}, {"T1L", slow, "RS", true},
            {"T3L", fast, "RS", false}, {"T3L", fast, "CHS", false},
            {"T3L", slow, "RS", false}, {"T3L", slow, "RS", true}, {"T3L", slow, "CHS", false},
            // Olivier and Prins's own remedy: the thief takes half of what its victim offers. CHS with it on T3L
            // at 476 ns is left out: 11.6 of 111 million jobs after 10 minutes, its requests passed on
            {"T1L", fast, "RS:chunk=half", false}, {"T3L", fast, "RS:chunk=half", false},
            {"T3L", slow, "RS:chunk=half", false}, {"T3L", slow, "RS:chunk=half", true}};
        for (Object[] r : runs) {
            Workload w = Workloads.of(Workloads.UTS, List.of((String) r[0]), (Long) r[1]);
            SimConfig c = SimConfig.of(t, w, (String) r[2], "none").withLan(Interconnect.INFINIBAND);
            report(only, "Olivier & Prins", (String) r[0], (Long) r[1], (Boolean) r[3] ? eager(c) : c);
        }
    }

    /** 32 groups of 256 on a ring: 1 us inside a group, 2 us more per hop between groups, 5 GB/s links. */
    private static void seed001(String only) {
        Topology t = ringOfGroups(32, 256);
        String wan = ringWan(32);
        Workload w = Workloads.of(Workloads.UTS, List.of("T1L"), 1_000);
        for (String balancer : List.of("RS", "RS:victims=distance:1", "CRS", "CRS:victims=distance:1",
                "RS:chunk=half", "RS:victims=distance:1,chunk=half", "CRS:chunk=half", "CRS:victims=distance:1,chunk=half")) {
            report(only, "Perarnau & Sato", "T1L", 1_000, SimConfig.of(t, w, balancer, wan)
                    .withLan(Interconnect.parse("1us/5GB/s")));
        }
        // their binomial tree, which single-job steals do not spread over 8,192 nodes in any time a
        // simulation can afford: only with steal-half. With victims by distance as well it did not
        // finish in a heap of 14 GB (60 of 111 million jobs done after 0.585 s simulated, 22 minutes)
        String binomial = "RS:chunk=half";
        if (!("T3L " + binomial).contains(only)) {
            return;
        }
        if (Runtime.getRuntime().maxMemory() < BINOMIAL_HEAP) {
            System.out.printf(Locale.ROOT, "Perarnau and Sato's T3L row left out: it needs a heap of %d GB, this JVM has %d MB;"
                    + " BENCH_JAVA_OPTS=-Xmx14g ./bench simulate scale seed001 T3L runs it%n", BINOMIAL_HEAP >> 30,
                    Runtime.getRuntime().maxMemory() >> 20);
            return;
        }
        report(only, "Perarnau & Sato", "T3L", 1_000, SimConfig.of(t, Workloads.of(Workloads.UTS, List.of("T3L"), 1_000), binomial,
                wan).withLan(Interconnect.parse("1us/5GB/s")));
    }

    /** {@code groups} groups of {@code perGroup} nodes, named g00, g01, ...: Perarnau and Sato's machine as rings of groups. */
    public static Topology ringOfGroups(int groups, int perGroup) {
        List<Topology.Cluster> cs = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            cs.add(new Topology.Cluster(String.format(Locale.ROOT, "g%02d", g), perGroup, 1));
        }
        return new Topology(cs);
    }

    /** The links between the groups of {@link #ringOfGroups}: 1 us, and 2 us more per hop round the ring, 5 GB/s. */
    public static String ringWan(int groups) {
        StringBuilder wan = new StringBuilder();
        for (int a = 0; a < groups; a++) {
            for (int b = 0; b < groups; b++) {
                if (a != b) {
                    int hops = Math.min(Math.abs(a - b), groups - Math.abs(a - b));
                    wan.append(wan.length() > 0 ? "," : "").append(String.format(Locale.ROOT, "g%02d>g%02d=%dus/5GB/s",
                            a, b, 1 + 2 * hops));
                }
            }
        }
        return wan.toString();
    }

    /** The LAN inside a group of {@link #ringOfGroups}. */
    public static Interconnect ringLan() {
        return Interconnect.parse("1us/5GB/s");
    }

    /** The same run with thieves that ask again at once, never parking. */
    private static SimConfig eager(SimConfig c) {
        return new SimConfig(c.topology(), c.workload(), c.balancer(), c.wan(), c.lan(), c.seed(), c.offered(),
                IdleLoop.EAGER, c.maxSimulatedNanos(), c.traceLimit(), c.formedNanos());
    }

    private static void report(String only, String experiment, String tree, long cost, SimConfig c) {
        if (!(tree + " " + c.balancer()).contains(only)) {
            return;
        }
        SimulationBench.Measured m = SimulationBench.measure(c);
        SimResult r = m.result();
        Occupancy o = occupancy(r);
        int nodes = c.topology().nodes();
        double time = r.runNanos() / 1e9;
        System.out.printf(Locale.ROOT, "| %s | %,d | %s | %d ns | %s | %s | %.3f | %.1f%% | %,d | %,d | %.3f | %s | %s | %s | %s | %.0f |%n",
                experiment, nodes, tree, cost, c.balancer(), c.idle().equals(IdleLoop.EAGER) ? "eager" : "runtime", time, 100 * r.speedup() / nodes, r.total("remoteStealRequests"),
                r.total("remoteStealsEmpty"), r.total("stealWaitNanos") / 1e9 / nodes, share(o.startingLatency(0.9), time),
                share(o.endingLatency(0.9), time), share(o.startingLatency(1), time), share(o.endingLatency(1), time),
                r.wallNanos() / 1e9);
        System.out.flush();
    }

    /** A latency as Perarnau and Sato (victim selection) gives it: a share of the run's time. */
    private static String share(double seconds, double time) {
        return Double.isNaN(seconds) ? "never" : String.format(Locale.ROOT, "%.1f%%", 100 * seconds / time);
    }

    /** The run's occupancy as the report computes it, from the statistics file it writes. */
    public static Occupancy occupancy(SimResult r) {
        try {
            Path dir = Files.createTempDirectory("satin-scale");
            Path stats = dir.resolve(RunReader.STATS);
            try {
                r.writeStats(stats, Map.of());
                RunData d = RunReader.read(dir);
                return Occupancy.of(d.traces(), r.config().topology().nodes());
            } finally {
                Files.deleteIfExists(stats);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the run's statistics: " + e.getMessage(), e);
        }
    }
}
