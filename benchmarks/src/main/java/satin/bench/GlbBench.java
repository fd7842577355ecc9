package satin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import satin.apps.uts.Sample;

/**
 * UTS head to head with the closest Java peer, the lifeline-based global load balancer (APGAS for
 * Java, lifelineglb v0.0.4), on the same tree: 1 worker, 2 workers in one JVM, and 2 JVMs of 1
 * worker each. Every run is a fresh JVM (both programs start cold), the two programs alternate
 * run after run, and each run's node count is checked against the tree's published size. Reported:
 * nodes per second by each program's own clock around the search (which starts, for both, once
 * every JVM has joined), and the wall time from starting the processes until they have exited. The peer is built from its public sources into a scratch
 * directory by {@code benchmarks/glb/build-peer.sh}, which also says the one change made to it.
 */
final class GlbBench {

    static final String USAGE = "bench glb [--trees T1,T1L] [--rounds R] [--peer DIR]   (peer built into DIR, "
            + "default $GLB_PEER or /tmp/satin-glb-peer)";

    /** The trees the peer can grow: geometric, fixed shape, branching factor 4 (its only one). */
    private static final Pattern FIXED_4 = Pattern.compile("-t 1 -a 3 -d (\\d+) -b 4 -r (\\d+)");
    private static final Pattern OUR_NANOS = Pattern.compile("in-program ns = (\\d+)");
    private static final Pattern OUR_NODES = Pattern.compile("Tree size = (\\d+)");
    private static final Pattern PEER_RUN = Pattern.compile("Run 1/1; (\\d+); ([0-9.E-]+);");

    /** One run: nodes counted, the program's own time of the search, and the wall time, in ns. */
    private record Run(long nodes, long inProgram, long wall) {
    }

    /** A configuration: workers per JVM and JVMs. */
    private record Config(String name, int workers, int jvms) {
    }

    private static final List<Config> CONFIGS = List.of(new Config("1 worker", 1, 1),
            new Config("2 workers, 1 JVM", 2, 1), new Config("2 JVMs x 1 worker", 1, 2));

    private final PoolProcesses processes;
    private final Path peer;

    private GlbBench(PoolProcesses processes, Path peer) {
        this.processes = processes;
        this.peer = peer;
    }

    static void run(String[] args) throws Exception {
        List<String> trees = List.of("T1", "T1L");
        int rounds = 3;
        Path peer = Path.of(System.getenv().getOrDefault("GLB_PEER", "/tmp/satin-glb-peer"));
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--trees" -> trees = List.of(Args.value(args, ++i).split(","));
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--peer" -> peer = Path.of(Args.value(args, ++i));
                default -> throw Args.unknown(args[i]);
            }
        }
        for (String t : trees) {
            Sample s = Sample.named(t);
            if (s == null || !FIXED_4.matcher(s.args()).matches()) {
                throw new Args.Bad("tree " + t + ": the peer grows only geometric trees of fixed shape and"
                        + " branching factor 4 (T1, T1L, T1XL, ...)");
            }
        }
        buildPeer(peer);
        try (PoolProcesses processes = new PoolProcesses("satin-glb-bench")) {
            GlbBench bench = new GlbBench(processes, peer);
            for (String t : trees) {
                bench.measure(Sample.named(t), rounds);
            }
        }
    }

    private static void buildPeer(Path dir) throws IOException, InterruptedException {
        if (Files.isRegularFile(dir.resolve("lifelineglb/target/lifelineglb-0.0.4.jar"))) {
            return;
        }
        Path script = Path.of(satin.config.Settings.HOME.text()).resolve("benchmarks/glb/build-peer.sh");
        Process p = new ProcessBuilder("bash", script.toString(), dir.toString()).inheritIO().start();
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new IllegalStateException("could not build the peer into " + dir + " (" + script + " failed; "
                    + "GLB_APGAS_REPO and GLB_LIFELINE_REPO may name local copies of its repositories)");
        }
    }

    private void measure(Sample tree, int rounds) throws Exception {
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (Config c : CONFIGS) {
                runs.computeIfAbsent(c.name() + "|satin", k -> new ArrayList<>()).add(check(tree, ours(tree, c)));
                runs.computeIfAbsent(c.name() + "|GLB", k -> new ArrayList<>()).add(check(tree, peers(tree, c)));
            }
        }
        report(tree, rounds, runs);
    }

    private static Run check(Sample tree, Run run) {
        if (run.nodes() != tree.size()) {
            throw new IllegalStateException(tree.name() + ": a run counted " + run.nodes() + " nodes, published "
                    + tree.size());
        }
        return run;
    }

    private Run ours(Sample tree, Config c) throws IOException, InterruptedException {
        String classPath = System.getProperty("java.class.path");
        List<String> program = List.of("satin.bench.UtsTimed", tree.name());
        long wall;
        if (c.jvms() == 1) {
            List<String> command = new ArrayList<>(List.of(PoolProcesses.java(), "-Dsatin.workers=" + c.workers(),
                    "-cp", classPath));
            command.addAll(program);
            long start = System.nanoTime();
            processes.await(processes.start("master", command), "satin", 30, TimeUnit.MINUTES);
            wall = System.nanoTime() - start;
        } else {
            List<String> workers = List.of("--workers", Integer.toString(c.workers()), "--stats", "-");
            // the master's main starts once both nodes are in, as the peer's clock starts once its places are up
            List<String> master = new ArrayList<>(workers);
            master.addAll(List.of("--wait-for", Integer.toString(c.jvms())));
            wall = processes.twoJvms(classPath, List.of(), List.of(), master, workers, program);
        }
        String out = processes.out("master");
        return new Run(number(OUR_NODES, out, "satin"), number(OUR_NANOS, out, "satin"), wall);
    }

    private Run peers(Sample tree, Config c) throws IOException, InterruptedException {
        Matcher m = FIXED_4.matcher(tree.args());
        m.matches();
        List<String> command = new ArrayList<>(List.of(PoolProcesses.java(), "--add-modules", "java.se",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.management/sun.management=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
                "-cp", peer.resolve("lifelineglb/target").toString() + "/*",
                "-Dapgas.java=" + PoolProcesses.java(), "-Dapgas.consoleprinter=false",
                "-Dapgas.places=" + c.jvms(), "-Dglb.multiworker.workerperplace=" + c.workers(),
                // two threads beyond the workers: with one, the first place's worker was left
                // yielding for 20 s at the end of a 2-place run
                "-Dapgas.threads=" + (c.workers() + 2),
                "handist.glb.examples.uts.StartMultiworkerUTS", "-d", m.group(1), "-s", m.group(2)));
        long start = System.nanoTime();
        processes.await(processes.start("peer", command), "GLB", 30, TimeUnit.MINUTES);
        long wall = System.nanoTime() - start;
        String out = processes.out("peer");
        Matcher r = PEER_RUN.matcher(out);
        if (!r.find()) {
            throw new IllegalStateException("GLB printed no run line:\n" + out + processes.err("peer"));
        }
        return new Run(Long.parseLong(r.group(1)), (long) (Double.parseDouble(r.group(2)) * 1e9), wall);
    }

    private static long number(Pattern p, String out, String who) {
        Matcher m = p.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException(who + " printed no '" + p.pattern() + "':\n" + out);
        }
        return Long.parseLong(m.group(1));
    }

    private static void report(Sample tree, int rounds, Map<String, List<Run>> runs) {
        System.out.printf(Locale.ROOT, "UTS %s (%s): %d nodes, both programs; median (min-max) of %d rounds, "
                + "alternating, a fresh JVM each; java %s, %d cpus%n", tree.name(), tree.args(), tree.size(), rounds,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-20s %-6s %26s %24s%n", "configuration", "", "Mnodes/s, own clock",
                "wall s, start-up incl.");
        for (Map.Entry<String, List<Run>> e : runs.entrySet()) {
            String[] key = e.getKey().split("\\|");
            List<Double> rate = e.getValue().stream().map(r -> r.nodes() / (r.inProgram() / 1e3)).toList();
            List<Double> wall = e.getValue().stream().map(r -> r.wall() / 1e9).toList();
            System.out.printf(Locale.ROOT, "%-20s %-6s %26s %24s%n", key[0], key[1], spread(rate, "%.2f"),
                    spread(wall, "%.2f"));
        }
        for (Config c : CONFIGS) {
            List<Run> ours = runs.get(c.name() + "|satin");
            List<Run> theirs = runs.get(c.name() + "|GLB");
            List<Double> rate = new ArrayList<>();
            List<Double> wall = new ArrayList<>();
            for (int i = 0; i < ours.size(); i++) {
                rate.add((double) theirs.get(i).inProgram() / ours.get(i).inProgram());
                wall.add((double) theirs.get(i).wall() / ours.get(i).wall());
            }
            System.out.printf(Locale.ROOT, "satin / GLB, %-20s nodes/s %s, wall %s (above 1: satin ahead)%n", c.name() + ":",
                    spread(rate, "%.2f"), spread(wall, "%.2f"));
        }
    }

    private static String spread(List<Double> values, String format) {
        List<Double> sorted = values.stream().sorted().toList();
        double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", median, sorted.get(0),
                sorted.get(sorted.size() - 1));
    }
}
