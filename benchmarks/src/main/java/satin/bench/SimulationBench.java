package satin.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.deploy.sim.Workloads;
import satin.lb.Balancers;
import satin.sim.Interconnect;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Simulation;
import satin.sim.Topology;
import satin.sim.Workload;

/**
 * The simulator measured: how fast it runs on this machine and how much memory a simulated node
 * takes ({@code speed}), and how close it comes to the emulated runs of {@link BalancerBench}
 * ({@code validate}: the same 64 nodes, tree and WAN settings, run for real in this JVM and
 * simulated, side by side). The scale experiments are {@link ScaleBench}'s.
 */
public final class SimulationBench {

    static final String USAGE = "bench simulate [speed] [--nodes N,N] [--node-cost NS] [--balancer B] [--wan W] [--lan L]\n"
            + "       bench simulate validate [--rounds R] [--first-seed S] [--only 'RS;CRS'] [--wan 'A;B'] [--simulated-only] [--formed-ms MS]\n"
            + "       bench simulate scale [seed000|seed001|all] [tree and balancer text]";

    /** The validation's tree: ./bench balancers' own. */
    private static final int FAN_OUT = 4;
    private static final int DEPTH = 7;
    private static final long LEAF_MICROS = 40_000;
    private static final double IRREGULARITY = 0.5;
    private static final int PAYLOAD = 100;
    private static final String ONE_CLUSTER = "1 cluster";

    private SimulationBench() {
    }

    static void run(String[] args) throws InterruptedException {
        String mode = args.length > 1 && !args[1].startsWith("--") ? args[1] : "speed";
        String[] rest = Arrays.copyOfRange(args, mode.equals("speed") && (args.length < 2 || args[1].startsWith("--")) ? 1 : 2,
                args.length);
        switch (mode) {
            case "speed" -> speed(rest);
            case "validate" -> validate(rest);
            case "scale" -> ScaleBench.run(rest);
            default -> throw new Args.Bad("unknown mode " + mode);
        }
    }

    // ------------------------------------------------------------------ speed

    private static void speed(String[] args) {
        List<Integer> sizes = List.of(1_024, 8_192);
        long nodeCost = 10_000;
        String balancer = "CRS";
        String wan = "50ms/1MB/s";
        String lan = "infiniband";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> sizes = Arrays.stream(Args.value(args, ++i).split(","))
                        .map(v -> Args.count(v, "option --nodes")).toList();
                case "--node-cost" -> nodeCost = Args.longOf(args, ++i);
                case "--balancer" -> balancer = Args.value(args, ++i);
                case "--wan" -> wan = Args.value(args, ++i);
                case "--lan" -> lan = Args.value(args, ++i);
                default -> throw Args.unknown(args[i]);
            }
        }
        System.out.printf(Locale.ROOT, "java %s, %d cpus, max heap %.0f MB, Integer cache to %d%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() / 1e6, integerCacheHigh());
        validationSpeed();
        System.out.printf(Locale.ROOT, "UTS T1L, every tree node %d ns, %s, WAN %s, LAN %s; clusters of 256%n", nodeCost,
                balancer, wan, lan);
        System.out.println("| nodes | jobs | messages | events | simulated s | wall s | M jobs/s | M messages/s | M events/s"
                + " | peak heap MB | live heap MB | live KB/node |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (int nodes : sizes) {
            Topology t = Topology.grid(Math.max(1, nodes / 256), Math.min(nodes, 256));
            Workload w = Workloads.of(Workloads.UTS, List.of("T1L"), nodeCost);
            Measured m = measure(SimConfig.of(t, w, balancer, wan).withLan(Interconnect.parse(lan)));
            SimResult r = m.result();
            double wall = r.wallNanos() / 1e9;
            System.out.printf(Locale.ROOT, "| %,d | %,d | %,d | %,d | %.3f | %.1f | %.2f | %.2f | %.2f | %.0f | %.0f | %.1f |%n",
                    nodes, r.jobs(), r.messages(), r.events(), r.runNanos() / 1e9, wall, r.jobs() / wall / 1e6,
                    r.messages() / wall / 1e6, r.events() / wall / 1e6, m.peakBytes() / 1e6, m.liveBytes() / 1e6,
                    m.liveBytes() / 1e3 / nodes);
        }
    }

    /** The 64-node run of the validation, CRS at 100 ms: how long it takes here, median of 5 after 2. */
    private static void validationSpeed() {
        SimConfig c = validationConfig("CRS", "100ms/100KB/s", 1, FORMED_NANOS);
        long[] walls = new long[7];
        SimResult r = null;
        for (int i = 0; i < walls.length; i++) {
            r = new Simulation(c).run(null, Long.MAX_VALUE);
            walls[i] = r.wallNanos();
        }
        long[] measured = Arrays.copyOfRange(walls, 2, walls.length);
        Arrays.sort(measured);
        System.out.printf(Locale.ROOT, "a 64-node validation run (CRS, 4 x 16, 100ms/100KB/s, %,d jobs, %,d messages): %.3f s"
                + " simulated in %.0f ms wall (median of 5 after 2)%n", r.jobs(), r.messages(), r.runNanos() / 1e9,
                measured[2] / 1e6);
    }

    /** A result, the highest heap use during its run, and the heap still used by it after a full collection. */
    public record Measured(SimResult result, long peakBytes, long liveBytes) {
    }

    public static Measured measure(SimConfig c) {
        System.gc();
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        SimResult r = new Simulation(c).run(s -> System.err.printf(Locale.ROOT, "  %.3f s simulated, %,d jobs, %.0f s wall%n",
                s.simulatedNanos() / 1e9, s.jobs(), s.wallNanos() / 1e9), 30_000_000_000L);
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        r.jobs(); // the result, and all it holds, is live until here
        return new Measured(r, peak, live);
    }

    /** The largest Integer boxed without allocation: the balancers' lists of thousands of members need it high. */
    static int integerCacheHigh() {
        int high = 127;
        for (int probe = 128; probe > 0 && probe < (1 << 24) && Integer.valueOf(probe) == Integer.valueOf(probe); probe *= 2) {
            high = probe;
        }
        return high;
    }

    // ------------------------------------------------------------------ validate

    /**
     * How long the simulated pool is idle before its root job. The emulated one forms before its root
     * call, its nodes asking for work as they join (an LL node's lifeline requests wait where they
     * went); a second is long enough for every request and reply of the idle pool to arrive.
     */
    static final long FORMED_NANOS = 1_000_000_000L;

    /** The simulated counterpart of one of ./bench balancers' runs. */
    static SimConfig validationConfig(String balancer, String setting, long seed, long formedNanos) {
        boolean wide = !setting.equals(ONE_CLUSTER);
        Topology t = wide ? Topology.grid(4, 16) : Topology.grid(1, 64);
        Workload w = Workloads.of(Workloads.SYNTHETIC, List.of(Integer.toString(FAN_OUT), Integer.toString(DEPTH),
                Long.toString(LEAF_MICROS), Double.toString(IRREGULARITY), Integer.toString(PAYLOAD)), -1);
        return SimConfig.of(t, w, balancer, wide ? setting : "none").withLan(Interconnect.EMULATED).withSeed(seed)
                .formedFor(formedNanos);
    }

    private static void validate(String[] args) throws InterruptedException {
        int rounds = 1;
        long firstSeed = 1;
        List<String> balancers = Balancers.WIDE_AREA; // the EARTH nine by --only
        List<String> wans = BalancerBench.WAN;
        boolean real = true;
        long formed = FORMED_NANOS;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--first-seed" -> firstSeed = Args.longOf(args, ++i);
                case "--only" -> balancers = List.of(Args.value(args, ++i).split(";"));
                case "--wan" -> wans = List.of(Args.value(args, ++i).split(";"));
                case "--simulated-only" -> real = false;
                case "--formed-ms" -> formed = Args.longOf(args, ++i) * 1_000_000;
                default -> throw Args.unknown(args[i]);
            }
        }
        List<String> settings = new ArrayList<>(List.of(ONE_CLUSTER));
        settings.addAll(wans);
        BenchTree tree = BenchTree.synthetic(64, FAN_OUT, DEPTH, LEAF_MICROS, IRREGULARITY, PAYLOAD);
        BalancerBench bench = new BalancerBench(64, tree);
        long expected = tree.expected();
        Map<String, List<Map<String, Double>>> reals = new LinkedHashMap<>();
        Map<String, List<Map<String, Double>>> simulated = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (String setting : settings) {
                for (String b : balancers) {
                    String key = b + "|" + setting;
                    Map<String, Double> sim = simulated(b, setting, firstSeed + r, formed);
                    simulated.computeIfAbsent(key, k -> new ArrayList<>()).add(sim);
                    Map<String, Double> measured = real ? measured(bench, b, setting, expected) : Map.of();
                    reals.computeIfAbsent(key, k -> new ArrayList<>()).add(measured);
                    System.err.printf(Locale.ROOT, "  %s, %s, round %d: real %s%n  simulated (seed %d) %s%n", b, setting,
                            r + 1, measured, firstSeed + r, sim);
                }
            }
        }
        printValidation(reals, simulated, rounds);
    }

    /** What the table compares, by the report's names, and the run's time in seconds. */
    private static final List<String> KEYS = List.of("seconds", "wanMessagesSent", "wanBytesSent", "wanStealRequests",
            "wanSteals", "lanStealRequests", "lanMessagesSent", "lanBytesSent", "prefetchRequests", "jobsPushed", "notesSent",
            "jobsGiven", "resultsSent", "stealWaitNanos");

    private static Map<String, Double> measured(BalancerBench bench, String balancer, String setting, long expected)
            throws InterruptedException {
        BalancerBench.Outcome o = bench.once(balancer, setting, expected);
        Map<String, Double> m = new LinkedHashMap<>();
        for (String k : KEYS) {
            m.put(k, k.equals("seconds") ? o.seconds() : (double) o.count(k));
        }
        m.put("cpuBusy", o.cpuBusy());
        return m;
    }

    private static Map<String, Double> simulated(String balancer, String setting, long seed, long formedNanos) {
        SimResult s = new Simulation(validationConfig(balancer, setting, seed, formedNanos)).run(null, Long.MAX_VALUE);
        Map<String, Double> m = new LinkedHashMap<>();
        for (String k : KEYS) {
            m.put(k, k.equals("seconds") ? s.runNanos() / 1e9 : (double) s.total(k));
        }
        return m;
    }

    private static void printValidation(Map<String, List<Map<String, Double>>> reals,
            Map<String, List<Map<String, Double>>> simulated, int rounds) {
        System.out.printf(Locale.ROOT, "emulated (real, this JVM) against simulated (LAN emulated), medians of %d round%s;"
                + " the synthetic tree %d^%d, leaves %d ms; what the root call did%n", rounds, rounds == 1 ? "" : "s", FAN_OUT,
                DEPTH, LEAF_MICROS / 1000);
        System.out.println("| balancer | setting | real s | simulated s | time diff | real WAN msgs | simulated WAN msgs"
                + " | WAN diff | real WAN steal requests | simulated | real LAN steal requests | simulated | real CPU busy |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        reals.forEach((key, rs) -> {
            String[] k = key.split("\\|");
            List<Map<String, Double>> ss = simulated.get(key);
            double rt = median(rs, "seconds");
            double st = median(ss, "seconds");
            double rw = median(rs, "wanMessagesSent");
            double sw = median(ss, "wanMessagesSent");
            System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %.2f | %s | %.0f | %.0f | %s | %.0f | %.0f | %.0f | %.0f | %.0f%% |%n",
                    k[0], k[1], rt, st, percent(st, rt), rw, sw, percent(sw, rw), median(rs, "wanStealRequests"),
                    median(ss, "wanStealRequests"), median(rs, "lanStealRequests"), median(ss, "lanStealRequests"),
                    100 * median(rs, "cpuBusy"));
        });
    }

    private static double median(List<Map<String, Double>> runs, String key) {
        return median(runs.stream().mapToDouble(m -> m.getOrDefault(key, 0.0)).toArray());
    }

    private static String percent(double simulated, double real) {
        return real == 0 ? (simulated == 0 ? "0%" : "-") : String.format(Locale.ROOT, "%+.1f%%", 100 * (simulated - real) / real);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
