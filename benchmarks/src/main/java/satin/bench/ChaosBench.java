package satin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chaos on a pool of 4 processes on this machine: the master (one node) and three of two nodes
 * each, with the cluster-aware balancers in two clusters (master and p1 east, p2 and p3 west) over
 * an emulated wide-area link. A trial strikes a random moment of the run (after every node has
 * joined, {@link AnnouncedMain}, and early enough that the run is still on) and kills (SIGKILL) or
 * freezes (SIGSTOP), in turn, a random process other than the master, or the master itself, after
 * a failure-free run of the same pool. The trial is correct if the run ends with exit 0
 * and the sequential program's output (printed by the master, or by the survivors together when
 * the master was hit), wrong if it ends otherwise, and hung if nothing ends within 10 times the
 * failure-free time plus 30 s; the failure-free runs give the slowdown a fault costs.
 *
 * <p>Then the cost of this build without failures: 2 JVMs of one node each, against a baseline
 * build of another revision, alternately, so that what fault tolerance costs a run that needs none
 * is measured as the runtime changes.
 */
final class ChaosBench {

    static final String USAGE = "bench chaos [--trials N] [--only RS,RP,CHS,CLS,CRS,LL] [--master-kills N]"
            + " [--program fib|nqueens] [--baseline REV|none] [--pairs N] [--seed S]";

    private static final Map<String, List<String>> PROGRAMS = new LinkedHashMap<>();

    static {
        // 4 s and 7 s sequentially on 2 cores, and 4 to 8 s on the pool: long enough to strike mid-run
        PROGRAMS.put("fib", List.of("satin.apps.fib.FibThreshold", "46", "20"));
        PROGRAMS.put("nqueens", List.of("satin.apps.nqueens.NQueens", "16", "3"));
    }

    private static final String WAN = "2ms/10000KB/s";
    /** The processes of a pool, the master first; the others have 2 nodes each. */
    private static final List<String> NAMES = List.of("master", "p1", "p2", "p3");
    private static final int NODES = 1 + 3 * 2;

    private enum Fault { SIGKILL, SIGSTOP }

    private enum Outcome { CORRECT, WRONG, HUNG, MISSED }

    /** A pool's processes, in the order of {@link #NAMES}, when they started and when main did (nanosecond clock). */
    private record Pool(List<Process> processes, long start, long main) {
    }

    /**
     * One run of the pool: how it ended, its wall time from the start, and the part from main's
     * start; and, from the statistics the finishers printed, the results of abandoned work the
     * survivors kept and the calls those results answered.
     */
    private record Run(Outcome outcome, long nanos, long mainNanos, String why, long kept, long reused) {
        Run(Outcome outcome, long nanos, long mainNanos, String why) {
            this(outcome, nanos, mainNanos, why, 0, 0);
        }
    }

    /** The line under the statistics table that says what failures cost. */
    private static final Pattern SAVED = Pattern.compile(
            "(\\d+) results of abandoned work kept and (\\d+) calls answered with them");

    private record Options(int trials, List<String> only, int masterKills, String program, String baseline, int pairs,
            long seed) {

        static Options parse(String[] args) {
            int trials = 20;
            int masterKills = 20;
            int pairs = 15;
            List<String> only = List.of("RS", "RP", "CHS", "CLS", "CRS");
            String program = "fib";
            String baseline = "HEAD~1";
            long seed = System.nanoTime();
            for (int i = 1; i < args.length; i++) {
                switch (args[i]) {
                    case "--trials" -> trials = Args.intOf(args, ++i);
                    case "--only" -> only = List.of(Args.value(args, ++i).split(","));
                    case "--master-kills" -> masterKills = Args.intOf(args, ++i);
                    case "--program" -> program = Args.value(args, ++i);
                    case "--baseline" -> baseline = Args.value(args, ++i);
                    case "--pairs" -> pairs = Args.intOf(args, ++i);
                    case "--seed" -> seed = Args.longOf(args, ++i);
                    default -> throw Args.unknown(args[i]);
                }
            }
            if (!PROGRAMS.containsKey(program) || trials < 0 || masterKills < 0 || pairs < 1 || only.isEmpty()) {
                throw new Args.Bad("need --program fib|nqueens, --trials and --master-kills >= 0, "
                        + "--pairs >= 1, a balancer");
            }
            return new Options(trials, only, masterKills, program, baseline, pairs, seed);
        }
    }

    /** The trials of one pool configuration, and the failure-free runs between them. */
    private static final class Row {
        final String name;
        final List<Run> failureFree = new ArrayList<>();
        final Map<Fault, List<Run>> trials = new LinkedHashMap<>();

        Row(String name) {
            this.name = name;
            for (Fault f : Fault.values()) {
                trials.put(f, new ArrayList<>());
            }
        }

        List<Long> times(List<Run> runs, boolean main) {
            return runs.stream().filter(r -> r.outcome() == Outcome.CORRECT).map(r -> main ? r.mainNanos() : r.nanos())
                    .toList();
        }

        List<Run> allTrials() {
            return trials.values().stream().flatMap(List::stream).toList();
        }
    }

    private final Options o;
    private final PoolProcesses processes;
    private final Random random;
    /** This build's pools, as the baseline's are made: its jars (satin-core, the applications, what they need). */
    private final String jars = PoolProcesses.jars();
    /** The chaos trials' pools need this benchmark's classes too, for {@link AnnouncedMain}. */
    private final String classPath = System.getProperty("java.class.path");
    private final Map<String, String> expected = new LinkedHashMap<>();

    private ChaosBench(Options o, PoolProcesses processes) {
        this.o = o;
        this.processes = processes;
        this.random = new Random(o.seed());
    }

    static void run(String[] args) throws Exception {
        Options o = Options.parse(args);
        try (PoolProcesses processes = new PoolProcesses("satin-chaos-bench")) {
            new ChaosBench(o, processes).measure();
        }
    }

    private void measure() throws IOException, InterruptedException {
        List<String> program = PROGRAMS.get(o.program());
        System.out.printf(Locale.ROOT, "chaos: %s on 4 processes (master 1 node, 3 of 2 nodes); seed %d; java %s, %d cpus%n",
                String.join(" ", program), o.seed(), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        List<Row> rows = new ArrayList<>();
        for (String balancer : o.only()) {
            rows.add(row(balancer, balancer, false, o.trials()));
        }
        if (o.masterKills() > 0) {
            String balancer = o.only().get(0);
            rows.add(row("master (" + balancer + ")", balancer, true, o.masterKills()));
        }
        report(rows);
        if (!o.baseline().equals("none")) {
            overhead();
        }
    }

    private String expected(List<String> program) throws IOException, InterruptedException {
        String key = String.join(" ", program);
        if (!expected.containsKey(key)) {
            expected.put(key, processes.sequential(program, new ArrayList<>()));
        }
        return expected.get(key);
    }

    /** Trials of one balancer, each after a failure-free run of the same pool; the faults take turns. */
    private Row row(String name, String balancer, boolean hitMaster, int trials) throws IOException, InterruptedException {
        Row row = new Row(name);
        for (int t = 0; t < trials; t++) {
            Run free = pool(balancer, null, false, row);
            row.failureFree.add(free);
            progress(row, t, "failure-free", free);
            Fault fault = Fault.values()[t % Fault.values().length];
            Run trial = pool(balancer, fault, hitMaster, row);
            row.trials.get(fault).add(trial);
            progress(row, t, fault.name(), trial);
        }
        return row;
    }

    private void progress(Row row, int t, String what, Run r) {
        System.err.printf(Locale.ROOT, "chaos %s %d: %s: %s in %.2f s%s%n", row.name, t + 1, what,
                r.outcome().name().toLowerCase(Locale.ROOT), r.nanos() / 1e9, r.why().isEmpty() ? "" : " (" + r.why() + ")");
    }

    /** One run of the pool, with {@code fault} (or none) striking a random process at a random moment. */
    private Run pool(String balancer, Fault fault, boolean hitMaster, Row row) throws IOException, InterruptedException {
        String expect = expected(PROGRAMS.get(o.program()));
        long timeout = timeoutNanos(row);
        try {
            Pool pool = start(balancer);
            if (fault == null) {
                return outcome(pool, List.of(0), expect, timeout, "");
            }
            int victim = hitMaster ? 0 : 1 + random.nextInt(3);
            long delay = (long) (random.nextDouble() * strikeWindow(row));
            TimeUnit.NANOSECONDS.sleep(delay);
            String why = String.format(Locale.ROOT, "%s %s %.2f s into main", fault, NAMES.get(victim), delay / 1e9);
            if (!pool.processes().get(victim).isAlive() || !pool.processes().get(0).isAlive()) {
                return new Run(Outcome.MISSED, System.nanoTime() - pool.start(), 0, why + ": the run had ended");
            }
            strike(pool.processes().get(victim), fault);
            Run r = outcome(pool, hitMaster ? List.of(1, 2, 3) : List.of(0), expect, timeout, why);
            if (r.outcome() == Outcome.HUNG || r.outcome() == Outcome.WRONG) {
                Path kept = keepEvidence(pool, row.name + "-" + (row.trials.get(fault).size() + 1) + "-" + fault);
                return new Run(r.outcome(), r.nanos(), r.mainNanos(), r.why() + "; evidence in " + kept);
            }
            return r;
        } finally {
            processes.killAll();
        }
    }

    /**
     * What a run that hung or went wrong leaves to find out why: every process's output and error
     * streams, and the threads of those still alive (not of a frozen one: it cannot answer), in a
     * directory of its own under {@code target/chaos-evidence}.
     */
    private Path keepEvidence(Pool pool, String trial) throws IOException, InterruptedException {
        Path dir = Path.of("benchmarks", "target", "chaos-evidence", trial);
        Files.createDirectories(dir);
        for (int i = 0; i < NAMES.size(); i++) {
            String name = NAMES.get(i);
            Files.writeString(dir.resolve(name + ".out"), processes.out(name));
            Files.writeString(dir.resolve(name + ".err"), processes.err(name));
            Process p = pool.processes().get(i);
            if (p.isAlive() && !frozen(p)) {
                Process dump = new ProcessBuilder("jcmd", Long.toString(p.pid()), "Thread.print")
                        .redirectErrorStream(true).redirectOutput(dir.resolve(name + ".threads").toFile()).start();
                if (!dump.waitFor(20, TimeUnit.SECONDS)) {
                    dump.destroyForcibly();
                }
            }
        }
        return dir.toAbsolutePath();
    }

    /** Whether the process is stopped (state T in /proc), as a SIGSTOP leaves it. */
    private static boolean frozen(Process p) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(p.pid()), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).startsWith("T");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Starts the master and the others at once (the registry's port is chosen beforehand), and waits for main. */
    private Pool start(String balancer) throws IOException, InterruptedException {
        String registry = "tcp://127.0.0.1:" + PoolProcesses.freePort();
        long start = System.nanoTime();
        List<Process> all = new ArrayList<>();
        all.add(processes.start("master", command(balancer, "master", List.of("--registry-listen", registry,
                "--nodes", "1", "--wait-for", Integer.toString(NODES), "--stats", "-"))));
        for (String name : NAMES.subList(1, NAMES.size())) {
            // --stats -: a follower that becomes the master prints the table, and writes no file
            all.add(processes.start(name, command(balancer, name, List.of("--registry", registry, "--nodes", "2",
                    "--stats", "-"))));
        }
        return new Pool(all, start, awaitMain(all.get(0), start));
    }

    private List<String> command(String balancer, String name, List<String> options) {
        List<String> pool = new ArrayList<>(List.of("--pool", "chaos", "--name", name, "--balancer", balancer));
        if (balancer.startsWith("C") || balancer.startsWith("LL")) { // the cluster-aware ones
            pool.addAll(List.of("--cluster", name.equals("master") || name.equals("p1") ? "east" : "west", "--wan", WAN));
        }
        pool.addAll(options);
        List<String> program = new ArrayList<>(List.of(AnnouncedMain.class.getName()));
        program.addAll(PROGRAMS.get(o.program()));
        return PoolProcesses.poolCommand(List.of(), classPath, pool, program);
    }

    /** 10 times the failure-free run plus 30 s; 5 minutes before there is one. */
    private static long timeoutNanos(Row row) {
        List<Long> free = row.times(row.failureFree, false);
        return free.isEmpty() ? TimeUnit.MINUTES.toNanos(5) : (long) (10 * Bench.median(free)) + TimeUnit.SECONDS.toNanos(30);
    }

    /**
     * When a fault may strike, in nanoseconds from main's start: within the first 60% of the
     * shortest failure-free main so far, for on a busy machine a run may end well before the median
     * and the fault would miss it; 2 s if no failure-free run was correct.
     */
    private static double strikeWindow(Row row) {
        long shortest = row.times(row.failureFree, true).stream().mapToLong(Long::longValue).min().orElse(0);
        return shortest > 0 ? 0.6 * shortest : 2e9;
    }

    /** The median, or {@code none} if there are no samples (no failure-free run was correct). */
    private static double median(List<Long> samples, double none) {
        return samples.isEmpty() ? none : Bench.median(samples);
    }

    /** Waits until the master starts main, that is, until every node has joined; returns when, on the nanosecond clock. */
    private long awaitMain(Process master, long start) throws IOException, InterruptedException {
        while (!processes.err("master").contains(AnnouncedMain.STARTS)) {
            if (!master.isAlive() || System.nanoTime() - start > TimeUnit.MINUTES.toNanos(2)) {
                throw new IllegalStateException("the pool did not start main:\n" + processes.err("master"));
            }
            Thread.sleep(5);
        }
        return System.nanoTime();
    }

    private static void strike(Process victim, Fault fault) throws IOException, InterruptedException {
        if (fault == Fault.SIGKILL) {
            victim.destroyForcibly();
            return;
        }
        Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(victim.pid())).inheritIO().start();
        if (stop.waitFor() != 0) {
            throw new IllegalStateException("kill -STOP " + victim.pid() + " failed with exit code " + stop.exitValue());
        }
    }

    /**
     * How the run ended, as the {@code finishers} (indices into the pool) saw it: correct if all
     * exit 0 and print, together, what the sequential program prints.
     */
    private Run outcome(Pool pool, List<Integer> finishers, String expect, long timeout, String why)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout;
        StringBuilder out = new StringBuilder();
        StringBuilder codes = new StringBuilder();
        for (int i : finishers) {
            Process p = pool.processes().get(i);
            if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return new Run(Outcome.HUNG, System.nanoTime() - pool.start(), 0, why);
            }
            codes.append(codes.length() == 0 ? "" : ",").append(p.exitValue());
            out.append(processes.out(NAMES.get(i)));
        }
        long end = System.nanoTime();
        if (codes.toString().matches("0(,0)*") && out.toString().equals(expect)) {
            long kept = 0;
            long reused = 0;
            for (int i : finishers) {
                Matcher m = SAVED.matcher(processes.err(NAMES.get(i)));
                while (m.find()) {
                    kept += Long.parseLong(m.group(1));
                    reused += Long.parseLong(m.group(2));
                }
            }
            return new Run(Outcome.CORRECT, end - pool.start(), end - pool.main(), why, kept, reused);
        }
        String printed = out.toString().isEmpty() ? "nothing" : out.toString().strip().replace('\n', '|');
        return new Run(Outcome.WRONG, end - pool.start(), end - pool.main(), why + "; exit " + codes + ", printed " + printed);
    }

    private void report(List<Row> rows) {
        System.out.printf(Locale.ROOT, "CHS, CLS, CRS, LL: master and p1 in cluster east, p2 and p3 in west, WAN %s;"
                + " master trials hit the master, the others p1-p3; SIGKILL and SIGSTOP take turns%n", WAN);
        System.out.printf(Locale.ROOT, "%-14s %6s %7s %5s %5s %6s %8s %8s %14s %22s %12s%n", "victim", "trials", "correct",
                "hung", "wrong", "missed", "KILL ok", "STOP ok", "failure-free s", "slowdown med (min-max)",
                "kept/reused");
        for (Row r : rows) {
            List<Run> all = r.allTrials();
            List<Long> slow = r.times(all, false);
            double free = median(r.times(r.failureFree, false), Double.NaN);
            System.out.printf(Locale.ROOT, "%-14s %6d %7d %5d %5d %6d %8s %8s %14.2f %22s %12s%n", r.name, all.size(),
                    count(all, Outcome.CORRECT), count(all, Outcome.HUNG), count(all, Outcome.WRONG),
                    count(all, Outcome.MISSED), ok(r.trials.get(Fault.SIGKILL)), ok(r.trials.get(Fault.SIGSTOP)),
                    free / 1e9, slow.isEmpty() ? "-" : spread(slow, free),
                    all.stream().mapToLong(Run::kept).sum() + "/" + all.stream().mapToLong(Run::reused).sum());
            long bad = r.failureFree.size() - r.times(r.failureFree, false).size();
            if (bad > 0) {
                System.out.printf(Locale.ROOT, "    %d of %d failure-free runs of %s were not correct%n", bad,
                        r.failureFree.size(), r.name);
            }
        }
    }

    private static long count(List<Run> runs, Outcome o) {
        return runs.stream().filter(r -> r.outcome() == o).count();
    }

    private static String ok(List<Run> runs) {
        return count(runs, Outcome.CORRECT) + "/" + runs.size();
    }

    /** Median (min-max) of {@code samples} divided by {@code unit}. */
    private static String spread(List<Long> samples, double unit) {
        double min = samples.stream().mapToLong(Long::longValue).min().orElse(0);
        double max = samples.stream().mapToLong(Long::longValue).max().orElse(0);
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", Bench.median(samples) / unit, min / unit, max / unit);
    }

    /** This build (B) against the baseline (A) on 2 JVMs, alternately, A first in every other pair. */
    private void overhead() throws IOException, InterruptedException {
        try (BaselineBuild baseline = BaselineBuild.of(processes, o.baseline())) {
            String a = baseline.classPath();
            System.out.printf(Locale.ROOT, "overhead without failures: 2 JVMs of 1 node, wall time with start-up, %d pairs;"
                    + " A = %s (%s), B = this build%n", o.pairs(), baseline.revision, baseline.commit.substring(0, 12));
            System.out.printf(Locale.ROOT, "%-30s %22s %22s %6s%n", "program", "A s med (min-max)", "B s med (min-max)", "B/A");
            for (List<String> program : PROGRAMS.values()) {
                List<Long> timesA = new ArrayList<>();
                List<Long> timesB = new ArrayList<>();
                for (int p = 0; p < o.pairs(); p++) {
                    boolean aFirst = p % 2 == 0;
                    timesOf(aFirst ? a : jars, program, aFirst ? timesA : timesB);
                    timesOf(aFirst ? jars : a, program, aFirst ? timesB : timesA);
                }
                System.out.printf(Locale.ROOT, "%-30s %22s %22s %6.3f%n", String.join(" ", program).replace("satin.apps.", ""),
                        spread(timesA, 1e9), spread(timesB, 1e9), Bench.median(timesB) / Bench.median(timesA));
            }
        }
    }

    private void timesOf(String classPath, List<String> program, List<Long> times) throws IOException, InterruptedException {
        long wall = processes.twoJvms(classPath, List.of(), List.of(), List.of("--stats", "-"), program);
        if (!processes.out("master").equals(expected(program))) {
            throw new IllegalStateException("the pool on " + classPath + " printed " + processes.out("master")
                    + " but the sequential program " + expected(program));
        }
        times.add(wall);
    }
}
