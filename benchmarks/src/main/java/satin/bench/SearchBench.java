package satin.bench;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import satin.apps.Apps;
import satin.apps.Explored;
import satin.deploy.report.Spread;
import satin.lb.Balancers;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * The search programs with their bound shared (a shared object every job reads) against the bound
 * passed down to each job, as issue 35 asks: per program and bound, the sequential program, one
 * worker, two workers, two JVMs, and a pool of 4 clusters of 16 nodes in this JVM over emulated
 * wide-area links (CRS). Each cell gives the time, the speedup over the sequential program, the
 * nodes of the search tree explored against the sequential program's (in this JVM; a second JVM's
 * are not counted), and the write messages that crossed the wide area. Every run's text must
 * equal the sequential program's. Modes interleave round by round, so load that comes and goes
 * meets them all.
 */
final class SearchBench {

    static final String USAGE = "bench search [--apps tsp,knapsack,setcover] [--preset small|medium|large] [--rounds R]"
            + " [--wan '10ms/1000KB/s;100ms/1000KB/s'|none] [--no-jvms]";

    private static final int GRID_NODES = 64;

    private record Cell(List<Double> seconds, List<Long> explored, List<Long> wanWrites) {
        Cell() {
            this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        }
    }

    private final ClassLoader sequential;
    private final PoolProcesses processes;
    private final List<String> wan;

    private SearchBench(ClassLoader sequential, PoolProcesses processes, List<String> wan) {
        this.sequential = sequential;
        this.processes = processes;
        this.wan = wan;
    }

    static void run(String[] args) throws Exception {
        List<String> apps = List.of("tsp", "knapsack", "setcover");
        String preset = "large";
        int rounds = 3;
        List<String> wan = List.of("10ms/1000KB/s", "100ms/1000KB/s");
        boolean jvms = true;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--apps" -> apps = List.of(Args.value(args, ++i).split(","));
                case "--preset" -> preset = Args.value(args, ++i);
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--wan" -> {
                    String w = Args.value(args, ++i);
                    wan = w.equals("none") ? List.of() : List.of(w.split(";"));
                }
                case "--no-jvms" -> jvms = false;
                default -> throw Args.unknown(args[i]);
            }
        }
        for (String app : apps) {
            if (!Apps.names().contains(app)) {
                throw new Args.Bad("option --apps: no application called '" + app + "'; there are " + Apps.names());
            }
        }
        System.out.printf(Locale.ROOT, "%s presets, %d rounds, medians [min-max]; grid: %d nodes as 4 x 16, CRS; java %s,"
                + " %d cpus%n", preset, rounds, GRID_NODES, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        try (PoolProcesses processes = jvms ? new PoolProcesses("satin-search-bench") : null) {
            SearchBench bench = new SearchBench(AppsBench.sequentialLoader(), processes, wan);
            for (String app : apps) {
                List<String> base = Apps.presets(app, SearchBench.class.getClassLoader()).get(preset);
                if (base == null) {
                    throw new Args.Bad(app + " has no preset " + preset);
                }
                for (String bound : List.of("shared", "passed")) {
                    List<String> programArgs = new ArrayList<>(base);
                    programArgs.removeIf(a -> a.equals("shared") || a.equals("passed"));
                    programArgs.add(bound);
                    bench.report(app, programArgs, bench.measure(app, programArgs, rounds));
                }
            }
        }
    }

    private List<String> modes() {
        List<String> modes = new ArrayList<>(List.of("sequential", "1 worker", "2 workers"));
        if (processes != null) {
            modes.add("2 JVMs");
        }
        wan.forEach(w -> modes.add("grid " + w));
        return modes;
    }

    private Map<String, Cell> measure(String app, List<String> args, int rounds) throws Exception {
        Method seq = Apps.runMethod(app, sequential);
        Method rewritten = Apps.runMethod(app, SearchBench.class.getClassLoader());
        String expected = Apps.run(seq, args);
        Map<String, Cell> cells = new LinkedHashMap<>();
        try (Node one = Node.start(NodeConfig.defaults()); Node two = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (int r = -1; r < rounds; r++) { // round -1 warms the JIT up and is not counted
                for (String mode : modes()) {
                    Cell c = r < 0 ? new Cell() : cells.computeIfAbsent(mode, k -> new Cell());
                    once(app, mode, expected, c, () -> Apps.run(mode.equals("sequential") ? seq : rewritten, args), one, two,
                            args);
                    System.err.printf(Locale.ROOT, "  %s %s, %s: %.2f s%n", app, String.join(" ", args), mode,
                            c.seconds().get(c.seconds().size() - 1));
                }
            }
        }
        return cells;
    }

    private void once(String app, String mode, String expected, Cell cell, Callable<String> call, Node one, Node two,
            List<String> args) throws Exception {
        explored(); // what was counted before belongs to no run
        long t0 = System.nanoTime();
        String got;
        long wanWrites = 0;
        switch (mode) {
            case "sequential" -> got = call.call();
            case "1 worker" -> got = one.call(call);
            case "2 workers" -> got = two.call(call);
            case "2 JVMs" -> {
                List<String> program = new ArrayList<>(List.of(Apps.mainClass(app)));
                program.addAll(args);
                processes.twoJvms(PoolProcesses.jars(), List.of(), List.of(), List.of("--wait-for", "2"), program);
                got = processes.out("master").strip();
            }
            default -> {
                GridPool.Run<String> run = GridPool.run(GRID_NODES, mode.substring("grid ".length()),
                        Balancers.parse("CRS"), call);
                got = run.value();
                wanWrites = run.outcome().count("wanWritesSent");
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (!expected.strip().equals(got.strip())) {
            throw new AssertionError(app + " on " + mode + " printed\n" + got + "\nbut the sequential program printed\n"
                    + expected);
        }
        cell.seconds().add(seconds);
        cell.explored().add(mode.equals("2 JVMs") ? -1 : explored());
        cell.wanWrites().add(wanWrites);
    }

    /** The nodes explored since the last call, by the program as written and as rewritten (two classes of Explored). */
    private long explored() throws ReflectiveOperationException {
        return Explored.take() + (long) sequential.loadClass(Explored.class.getName()).getMethod("take").invoke(null);
    }

    private void report(String app, List<String> args, Map<String, Cell> cells) {
        Cell seq = cells.get("sequential");
        double seqSeconds = Spread.of(seconds(seq)).median();
        double seqExplored = median(seq.explored());
        System.out.printf(Locale.ROOT, "%s %s%n", app, String.join(" ", args));
        System.out.printf(Locale.ROOT, "  %-22s %8s %17s %9s %14s %9s %10s%n", "mode", "s", "[min-max]", "speedup",
                "explored", "x seq", "WAN writes");
        for (Map.Entry<String, Cell> e : cells.entrySet()) {
            Spread s = Spread.of(seconds(e.getValue()));
            double explored = seqExplored > 0 ? median(e.getValue().explored()) : -1; // a program that counts none
            System.out.printf(Locale.ROOT, "  %-22s %8.2f %17s %8.2fx %14s %9s %10.0f%n", e.getKey(), s.median(), s.range(2),
                    seqSeconds / s.median(), explored < 0 ? "-" : String.format(Locale.ROOT, "%.0f", explored),
                    explored < 0 ? "-" : String.format(Locale.ROOT, "%.3f", explored / seqExplored),
                    median(e.getValue().wanWrites()));
        }
    }

    private static double[] seconds(Cell c) {
        return c.seconds().stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double median(List<Long> values) {
        return Spread.of(values.stream().mapToDouble(Long::doubleValue).toArray()).median();
    }
}
