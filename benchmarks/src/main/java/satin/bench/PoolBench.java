package satin.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import satin.deploy.launch.ClassDataArchive;

/**
 * A pool of 2 nodes in 2 JVMs on this machine against the sequential program, as a user would
 * time them: the wall time from starting the processes until all have exited, start-up included.
 * Each round runs, per program, the sequential program (the applications not rewritten), the pool,
 * and the pool with an application class-data-sharing archive (AppCDS: the JVM maps the classes
 * a training run loaded instead of loading them again), interleaved so that noise hits all alike.
 * The master's own clock (from its start to the end of main, in its statistics) is reported too.
 * With {@code --tls}, each round also runs the pool with TLS off and on every link (the default
 * encrypts only the other node's link to the registry, the nodes being in one cluster).
 * With {@code --java PATH}, the pools and the sequential program run on that java instead of this
 * JVM's: on JDK 25 and later the launchers' archive is the JDK's ahead-of-time cache (decision 0049).
 */
final class PoolBench {

    /** The run's wallNanos, which comes before the nodes' own (and no longer right before "nodes"). */
    private static final Pattern WALL = Pattern.compile("\"wallNanos\":(\\d+)");

    /** The programs of the experiment: main class and arguments. */
    private static final Map<String, List<String>> PROGRAMS = new LinkedHashMap<>();

    static {
        PROGRAMS.put("fib", List.of("satin.apps.fib.FibThreshold", "45", "20"));
        PROGRAMS.put("nqueens", List.of("satin.apps.nqueens.NQueens", "16"));
    }

    private final PoolProcesses processes;
    /** AppCDS archives only classes from jars: the pool's class path is the jars of this one. */
    private final String jars = PoolProcesses.jars();
    /** The archive {@code satin run} gives its processes (ClassDataArchive), made in this benchmark's directory. */
    private ClassDataArchive archive = ClassDataArchive.none();

    private PoolBench(PoolProcesses processes) {
        this.processes = processes;
    }

    static void run(String[] args) throws Exception {
        int rounds = 5;
        boolean cds = true;
        boolean tls = false;
        List<String> only = new ArrayList<>(PROGRAMS.keySet());
        String java = PoolProcesses.java();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--only" -> only = List.of(Args.value(args, ++i));
                case "--java" -> java = executable(Args.value(args, ++i));
                case "--no-cds" -> cds = false;
                case "--tls" -> tls = true;
                default -> {
                    if (args[i].startsWith("-")) {
                        throw Args.unknown(args[i]);
                    }
                    rounds = Args.positive(args[i], "bench pool ROUNDS");
                }
            }
        }
        try (PoolProcesses processes = new PoolProcesses("satin-pool-bench", java)) {
            new PoolBench(processes).measure(rounds, cds, tls, only);
        }
    }

    private static String executable(String java) {
        if (!Files.isRegularFile(Path.of(java)) || !Files.isExecutable(Path.of(java))) {
            throw new Args.Bad("option --java: '" + java + "' is not an executable file");
        }
        return java;
    }

    /** Times of one variant of one program, wall and (for pools) the master's own clock. */
    private record Times(List<Long> wall, List<Long> master) {
        Times() {
            this(new ArrayList<>(), new ArrayList<>());
        }
    }

    private void measure(int rounds, boolean cds, boolean tls, List<String> only) throws Exception {
        if (cds) {
            archive = trainedArchive();
        }
        Map<String, Map<String, Times>> all = new LinkedHashMap<>();
        for (int r = 0; r < rounds; r++) {
            for (String name : only) {
                List<String> program = PROGRAMS.get(name);
                Map<String, Times> times = all.computeIfAbsent(name, k -> new LinkedHashMap<>());
                String expected = processes.sequential(program, times.computeIfAbsent("sequential", k -> new Times()).wall());
                pool(List.of(), List.of(), program, times.computeIfAbsent("2 JVMs", k -> new Times()), expected);
                for (String policy : tls ? List.of("off", "all") : List.<String>of()) {
                    List<String> option = List.of("-Dsatin.tls=" + policy);
                    pool(option, option, program, times.computeIfAbsent("2 JVMs, TLS " + policy, k -> new Times()),
                            expected);
                }
                if (cds) {
                    List<String> shared = archive.options(false);
                    pool(shared, shared, program, times.computeIfAbsent("2 JVMs, " + archiveName(), k -> new Times()),
                            expected);
                }
            }
        }
        report(all, rounds, processes.javaOfPools());
    }

    /** The variant's name: AppCDS (JDK 17's class-data archive) or the AOT cache (JDK 25). */
    private String archiveName() {
        return archive.kind().equals("class-data archive") ? "AppCDS" : "AOT cache";
    }

    /** The training run of the launchers: a small pool whose master writes the archive at exit. */
    private ClassDataArchive trainedArchive() throws IOException, InterruptedException {
        Path dir = processes.dir(); // deleted with the benchmark
        String java = processes.javaOfPools();
        try (ClassDataArchive training = ClassDataArchive.lease(java, jars, dir, System.err)) {
            pool(training.options(true), List.of(), List.of("--wait-for", "2", "satin.apps.fib.FibThreshold", "32", "15"),
                    null, null);
            training.close(true);
        }
        ClassDataArchive made = ClassDataArchive.lease(java, jars, dir, System.err);
        if (!made.used()) {
            throw new IllegalStateException("the training run made no " + made.kind() + " in " + dir);
        }
        return made;
    }

    private void pool(List<String> masterOptions, List<String> otherOptions, List<String> program, Times times,
            String expected) throws IOException, InterruptedException {
        Path stats = processes.dir().resolve("stats.json");
        long wall = processes.twoJvms(jars, masterOptions, otherOptions, List.of("--stats", stats.toString()), program);
        if (times == null) {
            return;
        }
        String out = processes.out("master");
        if (!out.equals(expected)) {
            throw new AssertionError("the pool printed " + out + " but the sequential program " + expected);
        }
        times.wall().add(wall);
        Matcher w = WALL.matcher(Files.readString(stats, StandardCharsets.UTF_8));
        if (w.find()) {
            times.master().add(Long.parseLong(w.group(1)));
        }
    }

    private static void report(Map<String, Map<String, Times>> all, int rounds, String java) {
        System.out.printf(Locale.ROOT, "2 nodes in 2 JVMs vs the sequential program, wall time with start-up; median of %d"
                + " rounds [min-max]; java %s, %d cpus%n", rounds, java.equals(PoolProcesses.java())
                        ? System.getProperty("java.version") : java, Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-26s %-16s %9s %15s %9s %14s %14s%n", "program", "variant", "wall s", "[min-max]",
                "speedup", "master clock s", "speedup");
        for (Map.Entry<String, Map<String, Times>> p : all.entrySet()) {
            double seq = Bench.median(p.getValue().get("sequential").wall());
            String program = String.join(" ", PROGRAMS.get(p.getKey()).subList(1, PROGRAMS.get(p.getKey()).size()));
            for (Map.Entry<String, Times> v : p.getValue().entrySet()) {
                double wall = Bench.median(v.getValue().wall());
                String clock = v.getValue().master().isEmpty() ? "" : String.format(Locale.ROOT, "%14.3f %14.2f",
                        Bench.median(v.getValue().master()) / 1e9, seq / Bench.median(v.getValue().master()));
                List<Long> walls = v.getValue().wall();
                String range = String.format(Locale.ROOT, "[%.3f-%.3f]", Collections.min(walls) / 1e9,
                        Collections.max(walls) / 1e9);
                System.out.printf(Locale.ROOT, "%-26s %-16s %9.3f %15s %9.2f %s%n", p.getKey() + " " + program, v.getKey(),
                        wall / 1e9, range, seq / wall, clock);
            }
        }
    }
}
