package satin.bench.paper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.bench.ScaleBench;
import satin.bench.SimulationBench;
import satin.deploy.report.Charts;
import satin.deploy.report.Occupancy;
import satin.deploy.sim.Workloads;
import satin.sim.Interconnect;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Topology;
import satin.sim.Workload;

/**
 * The figures of the two papers that ran on thousands of processes, from the simulator, which runs
 * the real balancers on a virtual clock: Olivier and Prins's speedup curve and chunk-size sweep, and
 * Perarnau and Sato's starting and ending latencies and speedups from 1,024 to 8,192 processes.
 * Their trees T3XXL and T3WL (2.8 and 157 billion nodes) are past what a simulation on this machine
 * holds; the geometric T1L (102 million) stands in, as in {@code ./bench simulate scale}.
 */
final class Simulated {

    /** Olivier and Prins's core: 2.1 million tree nodes a second. */
    private static final long UTS_NODE_NANOS = 476;
    /** A tree of some five thousand nodes for tiny runs. */
    private static final List<String> TINY_TREE = List.of("-t", "1", "-a", "3", "-d", "6", "-b", "4", "-r", "19");

    private Simulated() {
    }

    private static Workload uts(Making m, long nodeNanos) {
        return Workloads.of(Workloads.UTS, m.tiny ? TINY_TREE : List.of("T1L"), nodeNanos);
    }

    private static SimResult run(Making m, SimConfig c, String what) {
        SimResult r = SimulationBench.measure(c).result();
        if (!r.finished()) {
            throw new IllegalStateException(what + " did not finish: " + r.summary());
        }
        m.ran(String.format(Locale.ROOT, "%s: %.3f s simulated, speedup %.1f, %.0f s wall", what, r.runNanos() / 1e9,
                r.speedup(), r.wallNanos() / 1e9));
        return r;
    }

    /** Olivier and Prins, speedup against processors on one InfiniBand cluster. */
    static void utsSpeedup(Making m) throws Exception {
        List<Integer> sizes = m.tiny ? List.of(1, 4) : List.of(1, 16, 64, 256, 1024);
        List<String> balancers = List.of("RS", "RS:chunk=half");
        m.plan(sizes.size() * balancers.size());
        Map<String, double[]> speedups = new LinkedHashMap<>();
        List<List<String>> rows = new ArrayList<>();
        for (String b : balancers) {
            double[] s = new double[sizes.size()];
            for (int i = 0; i < sizes.size(); i++) {
                Topology t = new Topology(List.of(new Topology.Cluster("cluster", sizes.get(i), 1)));
                SimResult r = run(m, SimConfig.of(t, uts(m, UTS_NODE_NANOS), b, "none").withLan(Interconnect.INFINIBAND),
                        b + " on " + sizes.get(i));
                s[i] = r.speedup();
                rows.add(List.of(b, String.valueOf(sizes.get(i)), String.format(Locale.ROOT, "%.1f", r.speedup()),
                        String.format(Locale.ROOT, "%.1f%%", 100 * r.speedup() / sizes.get(i))));
            }
            speedups.put(b, s);
        }
        m.table("UTS " + (m.tiny ? "tiny tree" : "T1L") + ", 476 ns a tree node, one InfiniBand cluster: speedup and"
                + " efficiency", List.of("balancer", "processors", "speedup", "efficiency"), rows);
        m.chart("Speedup against processors (simulated)", List.of(bars("UTS", speedups, sizes, "processors", "speedup")),
                false, "speedup");
    }

    /** Olivier and Prins's Figure 4: the speedup at each chunk size, 256 processors. */
    static void utsChunks(Making m) throws Exception {
        int nodes = m.tiny ? 4 : 256;
        List<Integer> chunks = m.tiny ? List.of(1, 4) : List.of(1, 2, 4, 8, 16, 32, 64);
        m.plan(chunks.size());
        Topology t = new Topology(List.of(new Topology.Cluster("cluster", nodes, 1)));
        double[] s = new double[chunks.size()];
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < chunks.size(); i++) {
            String b = "RS:chunk=" + chunks.get(i);
            SimResult r = run(m, SimConfig.of(t, uts(m, UTS_NODE_NANOS), b, "none").withLan(Interconnect.INFINIBAND), b);
            s[i] = r.speedup();
            rows.add(List.of(String.valueOf(chunks.get(i)), String.format(Locale.ROOT, "%.1f", r.speedup()),
                    String.format(Locale.ROOT, "%,d", r.total("remoteStealRequests")),
                    String.format(Locale.ROOT, "%,d", r.total("remoteStealsEmpty"))));
        }
        m.table("UTS on " + nodes + " processors: speedup by chunk size (jobs a steal moves)",
                List.of("chunk", "speedup", "steals asked", "failed"), rows);
        m.chart("Speedup by chunk size on " + nodes + " processors (simulated)",
                List.of(bars("UTS", Map.of("RS", s), chunks, "jobs a steal", "speedup")), false, "chunks");
    }

    /** Perarnau and Sato's machine: groups of 256 (tiny: 4) on a ring, latency growing with the hops. */
    private static SimConfig ring(Making m, int nodes, String balancer) {
        return ring(m, nodes, balancer, 1_000);
    }

    private static SimConfig ring(Making m, int nodes, String balancer, long nodeNanos) {
        int per = m.tiny ? 4 : 256;
        int groups = Math.max(1, nodes / per);
        Topology t = ScaleBench.ringOfGroups(groups, Math.min(per, nodes));
        return SimConfig.of(t, uts(m, nodeNanos), balancer, groups > 1 ? ScaleBench.ringWan(groups) : "none")
                .withLan(ScaleBench.ringLan());
    }

    /** Their reference (MPI ranks asked in turn), random victims, victims by distance, each with steal-half. */
    static final List<String> SKEW_VARIANTS = List.of("RS:victims=round-robin", "RS", "RS:victims=distance:1",
            "RS:victims=round-robin,chunk=half", "RS:chunk=half", "RS:victims=distance:1,chunk=half");

    /**
     * Figures 4, 5, 12 and 13: SL(x) and EL(x), the time until (from) x of the nodes first (last) are
     * busy, for their reference (victims in turn), random victims, and skewed victims with steal-half.
     */
    static void skewLatencies(Making m) throws Exception {
        List<Integer> sizes = m.tiny ? List.of(8) : List.of(128, 8_192);
        List<String> variants = List.of("RS:victims=round-robin", "RS", "RS:victims=distance:1,chunk=half");
        double[] xs = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
        m.plan(sizes.size() * variants.size());
        List<List<String>> rows = new ArrayList<>();
        List<Charts.Bars> panels = new ArrayList<>();
        for (int n : sizes) {
            Map<String, double[]> starting = new LinkedHashMap<>();
            for (String b : variants) {
                SimResult r = run(m, ring(m, n, b), b + " on " + n);
                Occupancy o = ScaleBench.occupancy(r);
                double time = r.runNanos() / 1e9;
                double[] sl = new double[xs.length];
                List<String> slRow = new ArrayList<>(List.of(String.valueOf(n), b, "SL(x)"));
                List<String> elRow = new ArrayList<>(List.of("", "", "EL(x)"));
                for (int i = 0; i < xs.length; i++) {
                    sl[i] = 100 * o.startingLatency(xs[i]) / time;
                    slRow.add(percent(o.startingLatency(xs[i]), time));
                    elRow.add(percent(o.endingLatency(xs[i]), time));
                }
                starting.put(b, sl);
                rows.add(slRow);
                rows.add(elRow);
            }
            panels.add(bars(n + " processes", starting, List.of(50, 60, 70, 80, 90, 100), "% busy", "SL(x), % of the run"));
        }
        List<String> head = new ArrayList<>(List.of("processes", "victims", "latency"));
        for (double x : xs) {
            head.add("x = " + x);
        }
        m.table("Starting and ending latencies as a share of the run (UTS, 1 us a node)", head, rows);
        m.chart("Starting latency SL(x) by share x of the nodes busy (simulated)", panels, false, "latencies");
    }

    private static String percent(double seconds, double time) {
        return Double.isNaN(seconds) ? "never" : String.format(Locale.ROOT, "%.1f%%", 100 * seconds / time);
    }

    /** Figures 3, 6, 9 and 11: speedups from 1,024 to 8,192 processes, by victim selection and steal size. */
    static void skewSpeedup(Making m) throws Exception {
        List<Integer> sizes = m.tiny ? List.of(4, 8) : List.of(1_024, 2_048, 4_096, 8_192);
        List<String> variants = m.tiny ? List.of("RS:victims=round-robin", "RS:victims=distance:1,chunk=half")
                : SKEW_VARIANTS;
        m.plan(sizes.size() * variants.size());
        Map<String, double[]> speedups = new LinkedHashMap<>();
        List<List<String>> rows = new ArrayList<>();
        for (String b : variants) {
            double[] s = new double[sizes.size()];
            for (int i = 0; i < sizes.size(); i++) {
                SimResult r = run(m, ring(m, sizes.get(i), b), b + " on " + sizes.get(i));
                s[i] = r.speedup();
                rows.add(List.of(b, String.format(Locale.ROOT, "%,d", sizes.get(i)), String.format(Locale.ROOT, "%.0f",
                        r.speedup()), String.format(Locale.ROOT, "%,d", r.total("remoteStealsEmpty"))));
            }
            speedups.put(b, s);
        }
        m.table("Speedup by victim selection and steal size (UTS, 1 us a node)",
                List.of("balancer", "processes", "speedup", "failed steals"), rows);
        m.chart("Speedup against processes (simulated)", List.of(bars("UTS", speedups, sizes, "processes", "speedup")),
                false, "speedup");
    }

    /** Inside one of Perarnau and Sato's compute nodes: processes on one chip, through shared memory. */
    static final String CHIP = "0.5us/10GB/s";

    /**
     * Figure 2: the reference's efficiency from 8 to 128 processes as the processes are placed on
     * compute nodes: one a node (1/N), or eight a node numbered in turn (8RR: i, i + 8, ... on one
     * node) or in groups (8G). Compute nodes sit on a ring, as in the other figures.
     */
    static void skewAllocations(Making m) throws Exception {
        List<Integer> sizes = m.tiny ? List.of(8, 16) : List.of(8, 16, 32, 64, 128);
        List<String> allocations = List.of("1/N", "8RR", "8G");
        String reference = "RS:victims=round-robin";
        m.plan(sizes.size() * allocations.size());
        Map<String, double[]> efficiency = new LinkedHashMap<>();
        List<List<String>> rows = new ArrayList<>();
        for (String a : allocations) {
            double[] e = new double[sizes.size()];
            for (int i = 0; i < sizes.size(); i++) {
                int n = sizes.get(i);
                SimResult r = run(m, allocated(m, a, n, reference), a + ", " + n + " processes");
                e[i] = 100 * r.speedup() / n;
                rows.add(List.of(a, String.valueOf(n), String.format(Locale.ROOT, "%.1f", r.speedup()),
                        String.format(Locale.ROOT, "%.1f%%", e[i]),
                        String.format(Locale.ROOT, "%,d", r.total("wanStealRequests")),
                        String.format(Locale.ROOT, "%,d", r.total("lanStealRequests"))));
            }
            efficiency.put(a, e);
        }
        m.table("The round-robin reference by process allocation (UTS, 1 us a node)",
                List.of("allocation", "processes", "speedup", "efficiency", "steals asked off the node",
                        "on the node"), rows);
        m.chart("Efficiency by process allocation (simulated)",
                List.of(bars("UTS", efficiency, sizes, "processes", "efficiency, %", "process allocation")), false,
                "allocations");
    }

    /** {@code processes} on compute nodes as the allocation places them. */
    private static SimConfig allocated(Making m, String allocation, int processes, String balancer) {
        int perNode = allocation.equals("1/N") ? 1 : 8;
        int computeNodes = processes / perNode;
        Topology t = ScaleBench.ringOfGroups(computeNodes, perNode);
        if (allocation.equals("8RR")) {
            t = t.interleaved();
        }
        return SimConfig.of(t, uts(m, 1_000), balancer, computeNodes > 1 ? ScaleBench.ringWan(computeNodes) : "none")
                .withLan(Interconnect.parse(CHIP));
    }

    /**
     * The paper's sweep ran on 8,192 processes; 2,048 keeps its fifteen runs within some tens of
     * minutes here, and is already past the size where their reference stopped speeding up.
     */
    static final int GRANULARITY_PROCESSES = 2_048;

    /**
     * Figure 16: how much faster random and distance-skewed victims (both with steal-half) finish
     * than the round-robin reference with steal-half, as each tree node takes longer: the more
     * work a steal moves, the less the latency of finding it matters.
     */
    static void skewGranularity(Making m) throws Exception {
        int nodes = m.tiny ? 8 : GRANULARITY_PROCESSES;
        List<Integer> micros = m.tiny ? List.of(1, 4) : List.of(1, 2, 4, 8, 16);
        String reference = "RS:victims=round-robin,chunk=half";
        List<String> variants = List.of("RS:chunk=half", "RS:victims=distance:1,chunk=half");
        m.plan(micros.size() * (1 + variants.size()));
        Map<String, double[]> gains = new LinkedHashMap<>();
        variants.forEach(v -> gains.put(v, new double[micros.size()]));
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < micros.size(); i++) {
            long nanos = micros.get(i) * 1_000L;
            SimResult ref = run(m, ring(m, nodes, reference, nanos), reference + ", " + micros.get(i) + " us a node");
            for (String v : variants) {
                SimResult r = run(m, ring(m, nodes, v, nanos), v + ", " + micros.get(i) + " us a node");
                double gain = 100.0 * (ref.runNanos() - r.runNanos()) / ref.runNanos();
                gains.get(v)[i] = gain;
                rows.add(List.of(micros.get(i) + " us", v, String.format(Locale.ROOT, "%.4f s", ref.runNanos() / 1e9),
                        String.format(Locale.ROOT, "%.4f s", r.runNanos() / 1e9),
                        String.format(Locale.ROOT, "%+.1f%%", gain)));
            }
        }
        m.table("Run time saved over the round-robin reference with steal-half, by work per tree node (UTS, "
                + String.format(Locale.ROOT, "%,d", nodes) + " processes)",
                List.of("work a node", "victims", "reference", "run time", "saved"), rows);
        m.chart("Run time saved over the reference, % (simulated)", List.of(bars("UTS", gains, micros, "us", "% saved")),
                false, "granularity");
    }

    /** One panel: a group per balancer, a bar per value of the swept parameter. */
    private static Charts.Bars bars(String title, Map<String, double[]> values, List<Integer> swept, String unit,
            String yLabel) {
        return bars(title, values, swept, unit, yLabel, "load balancer");
    }

    /** One panel: a group per key of {@code values} (what {@code groupsLabel} says they are), a bar per value of the swept parameter. */
    private static Charts.Bars bars(String title, Map<String, double[]> values, List<Integer> swept, String unit,
            String yLabel, String groupsLabel) {
        List<String> groups = List.copyOf(values.keySet());
        List<String> series = swept.stream().map(v -> unit.isEmpty() ? String.valueOf(v) : v + " " + unit).toList();
        double[][] v = values.values().toArray(new double[0][]);
        double[][] none = new double[v.length][series.size()];
        for (double[] row : none) {
            java.util.Arrays.fill(row, Double.NaN);
        }
        return new Charts.Bars(title, groups, series, v, none, none, yLabel, Double.NaN, groupsLabel);
    }
}
