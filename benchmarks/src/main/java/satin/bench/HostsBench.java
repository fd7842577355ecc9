package satin.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import satin.bench.hosts.NamespaceHosts;

/**
 * A pool over four hosts, as a user meets them: network namespaces with names no resolver knows,
 * each with its own sshd, named by ssh aliases only, two clusters of two with a 20 ms / 1 MB/s
 * wide-area link. Prints how long the pool takes to form with TLS between the clusters and
 * without (alternated, the median of the rounds with its range), an nqueens run on the hosts
 * against the same run in local processes on one host, and what faults cost: a host cut off, the
 * master's host crashing, a whole cluster crashing, a host frozen for 20 s; each checked against
 * the sequential program.
 */
final class HostsBench {

    static final String USAGE = "bench hosts [--rounds R] [--faults F]   (root: hosts as network namespaces with sshd)";
    private static final List<String> EAST = List.of("east-1", "east-2");
    private static final List<String> WEST = List.of("west-1", "west-2");
    private static final long RUN_SECONDS = 300;

    private final NamespaceHosts hosts;
    private final Path dir;

    private HostsBench(NamespaceHosts hosts, Path dir) {
        this.hosts = hosts;
        this.dir = dir;
    }

    static void run(String[] args) throws Exception {
        int rounds = 5;
        int faults = 1;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--faults" -> faults = Args.positiveOf(args, ++i);
                default -> throw Args.unknown(args[i]);
            }
        }
        String why = NamespaceHosts.unavailable().orElse(null);
        Path sshd = Path.of("/usr/sbin/sshd");
        Path keygen = Path.of("/usr/bin/ssh-keygen");
        if (why == null && (!Files.isExecutable(sshd) || !Files.isExecutable(keygen))) {
            why = "needs sshd and ssh-keygen (src/test/daemons/install-packages openssh-server openssh-client)";
        }
        if (why != null) {
            System.out.println("bench hosts: not measured here: " + why);
            return;
        }
        Path dir = Files.createTempDirectory("satin-bench-hosts-");
        List<String> all = new ArrayList<>(EAST);
        all.addAll(WEST);
        try (NamespaceHosts hosts = NamespaceHosts.create(dir.resolve("hosts"), all, sshd, keygen)) {
            HostsBench b = new HostsBench(hosts, dir);
            b.formation(rounds);
            b.nqueens(rounds);
            b.faults(faults);
        }
    }

    /** What one {@code satin run} printed, and when its lines came. */
    private record Run(int exit, String out, String err, long wallNanos, long joinedNanos) {
        boolean correct(String expected) {
            return exit == 0 && out.equals(expected);
        }
    }

    private void formation(int rounds) throws Exception {
        // untimed: the first run over hosts has its class-data archive trained beside it (decision 0044),
        // which every later run's JVMs, with TLS or without, start from
        satinRun("warm", "ssh", "wan", "satin.apps.fib.FibThreshold", "25, 10");
        List<List<Run>> runs = alternated(rounds, "wan", "off",
                (r, policy) -> satinRun("form" + r + policy, "ssh", policy, "satin.apps.fib.FibThreshold", "25, 10"));
        List<Long> tls = runs.get(0).stream().map(Run::joinedNanos).toList();
        List<Long> plain = runs.get(1).stream().map(Run::joinedNanos).toList();
        System.out.println("## Formation of a pool of 4 hosts in 2 clusters: satin run's start to every node joined");
        System.out.println();
        System.out.println("| TLS between clusters | median [min-max] |");
        System.out.println("|---|---|");
        System.out.println("| on (wan) | " + seconds(tls) + " |");
        System.out.println("| off | " + seconds(plain) + " |");
        System.out.printf(Locale.ROOT, "%nwith TLS / without: %.2fx (median of %d rounds, alternated)%n%n",
                Bench.median(tls) / Bench.median(plain), rounds);
    }

    private void nqueens(int rounds) throws Exception {
        String expected = sequential("satin.apps.nqueens.NQueens", "14", "4");
        List<List<Run>> runs = alternated(rounds, "ssh", "processes",
                (r, where) -> satinRun("nq" + r + where, where, "wan", "satin.apps.nqueens.NQueens", "14, 4"));
        List<Long> spread = runs.get(0).stream().map(Run::wallNanos).toList();
        List<Long> oneHost = runs.get(1).stream().map(Run::wallNanos).toList();
        long wrong = runs.stream().flatMap(List::stream).filter(run -> !run.correct(expected)).count();
        System.out.println("## nqueens 14, 4 nodes in 2 clusters, CRS, WAN 20 ms / 1 MB/s: satin run's wall time");
        System.out.println();
        System.out.println("| where | median [min-max] |");
        System.out.println("|---|---|");
        System.out.println("| 4 hosts | " + seconds(spread) + " |");
        System.out.println("| 1 host, 4 processes | " + seconds(oneHost) + " |");
        System.out.printf(Locale.ROOT, "%n4 hosts / 1 host: %.2fx; runs that printed another answer: %d%n%n",
                Bench.median(spread) / Bench.median(oneHost), wrong);
    }

    /** One run of a variant in a round. */
    private interface Variant {
        Run run(int round, String variant) throws Exception;
    }

    /**
     * {@code rounds} runs of each of two variants, alternated (a first in even rounds, b first in
     * odd ones), so that a machine that slows down slows both alike: a's runs, then b's.
     */
    private static List<List<Run>> alternated(int rounds, String a, String b, Variant variant) throws Exception {
        List<Run> first = new ArrayList<>();
        List<Run> second = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (String v : r % 2 == 0 ? List.of(a, b) : List.of(b, a)) {
                (v.equals(a) ? first : second).add(variant.run(r, v));
            }
        }
        return List.of(first, second);
    }

    /** A fault struck while main runs. */
    private interface Fault {
        void strike(String pool) throws Exception;
    }

    private void faults(int trials) throws Exception {
        String expected = sequential("satin.apps.synthetic.SyntheticTree", "8", "3", "1");
        System.out.println("## Faults while main runs (synthetic tree 8^3, leaves of 50 ms)");
        System.out.println();
        System.out.println("| fault | trials | correct | hung | wall median [min-max] |");
        System.out.println("|---|---|---|---|---|");
        fault("a host cut off (its link down)", trials, expected, pool -> hosts.disconnect("west-2"), true);
        fault("the master's host crashing (SIGKILL)", trials, expected, pool -> crash(pool, List.of("east-1")), false);
        fault("a whole cluster crashing", trials, expected, pool -> crash(pool, EAST), false);
        fault("a host frozen 20 s (SIGSTOP)", trials, expected, this::freezeWest2, false);
        System.out.println();
    }

    private void fault(String name, int trials, String expected, Fault fault, boolean reconnect) throws Exception {
        int correct = 0;
        int hung = 0;
        List<Long> walls = new ArrayList<>();
        for (int t = 0; t < trials; t++) {
            String pool = "fault" + System.nanoTime();
            try {
                Run run = satinRun(pool, "ssh", "wan", "satin.apps.synthetic.SyntheticTree", "8, 3, 50000", fault);
                correct += run.correct(expected) ? 1 : 0;
                hung += run.exit() == Integer.MIN_VALUE ? 1 : 0;
                walls.add(run.wallNanos());
            } finally {
                if (reconnect) {
                    hosts.reconnect("west-2");
                }
            }
        }
        System.out.println("| " + name + " | " + trials + " | " + correct + " | " + hung + " | " + seconds(walls) + " |");
    }

    private void crash(String pool, List<String> aliases) throws Exception {
        for (String alias : aliases) {
            hosts.processesOn(alias, "--pool " + pool + " ").forEach(ProcessHandle::destroyForcibly);
        }
    }

    private void freezeWest2(String pool) throws Exception {
        List<ProcessHandle> frozen = hosts.processesOn("west-2", "--pool " + pool + " ");
        signal("STOP", frozen);
        Thread thaw = new Thread(() -> {
            try {
                TimeUnit.SECONDS.sleep(20); // the fault itself: a process stopped for 20 s
                signal("CONT", frozen);
            } catch (IOException | InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "thaw");
        thaw.setDaemon(true);
        thaw.start();
    }

    private static void signal(String name, List<ProcessHandle> processes) throws IOException, InterruptedException {
        for (ProcessHandle h : processes) {
            new ProcessBuilder("kill", "-" + name, Long.toString(h.pid())).inheritIO().start().waitFor();
        }
    }

    private Run satinRun(String pool, String where, String tls, String mainClass, String args) throws Exception {
        return satinRun(pool, where, tls, mainClass, args, null);
    }

    /** Runs {@code satin run} on the launcher's machine; strikes {@code fault} once main has started. */
    private Run satinRun(String pool, String where, String tls, String mainClass, String args, Fault fault)
            throws Exception {
        Path descriptor = descriptor(pool, where, tls, mainClass, args);
        List<String> command = hosts.onLauncher(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "satin.deploy.Main", "run",
                descriptor.toString(), "--timeout", RUN_SECONDS + "s"));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectOutput(dir.resolve(pool + ".out").toFile()).start();
        StringBuilder err = new StringBuilder();
        long joined = -1;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                err.append(line).append('\n');
                if (joined < 0 && line.contains("nodes joined; running")) {
                    joined = System.nanoTime() - start;
                    if (fault != null) {
                        fault.strike(pool);
                    }
                }
            }
        }
        boolean ended = p.waitFor(RUN_SECONDS + 60, TimeUnit.SECONDS);
        long wall = System.nanoTime() - start;
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String out = Files.readString(dir.resolve(pool + ".out"));
        return new Run(ended ? p.exitValue() : Integer.MIN_VALUE, out, err.toString(), wall, joined);
    }

    private Path descriptor(String pool, String where, String tls, String mainClass, String args) throws IOException {
        String options = "[-F, '" + hosts.sshConfig() + "']";
        String jvm = "jvmOptions: [-Dsatin.tls=" + tls + "]";
        String east = where.equals("ssh") ? "{name: east, nodes: 2, where: ssh, hosts: [" + String.join(", ", EAST)
                + "], sshOptions: " + options + ", " + jvm + "}" : "{name: east, nodes: 2, where: processes, " + jvm + "}";
        String west = where.equals("ssh") ? "{name: west, nodes: 2, where: ssh, hosts: [" + String.join(", ", WEST)
                + "], sshOptions: " + options + ", " + jvm + "}" : "{name: west, nodes: 2, where: processes, " + jvm + "}";
        Path d = dir.resolve(pool + ".yaml");
        Files.writeString(d, String.join("\n", "pool: " + pool, "secret: bench-hosts", "clusters:", "  - " + east,
                "  - " + west, "wan: {default: {latency: 20ms, bandwidth: 1MB/s}}",
                "app: {mainClass: " + mainClass + ", args: [" + args + "]}", "balancer: CRS",
                "output: '" + dir.resolve("results") + "'", ""));
        return d;
    }

    /** What the program as written prints: the oracle every run is checked against. */
    private static String sequential(String mainClass, String... args) throws IOException, InterruptedException {
        String classes = System.getProperty("satin.sequentialClasses");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classes + java.io.File.pathSeparator + System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("the sequential " + mainClass + " failed");
        }
        return out;
    }

    private static String seconds(List<Long> nanos) {
        if (nanos.isEmpty()) {
            return "-";
        }
        List<Long> s = nanos.stream().sorted().toList();
        return String.format(Locale.ROOT, "%.1f s [%.1f-%.1f]", Bench.median(nanos) / 1e9, s.get(0) / 1e9,
                s.get(s.size() - 1) / 1e9);
    }
}
