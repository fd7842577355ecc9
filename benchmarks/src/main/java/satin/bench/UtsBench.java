package satin.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import satin.apps.uts.Sample;
import satin.apps.uts.Uts;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * UTS on a sample tree: nodes per second of the sequential program (the class as it was before
 * the build rewrote it; also with the application's own SHA-1 instead of the JDK's, which runs on
 * the processor's SHA instructions where it can), of the rewritten program on 1 and on 2 workers, and, when the environment
 * variable UTS_REF names the reference's sequential binary, of the reference on the same tree,
 * timed by its own clock (the search only, as it reports it). The variants run interleaved, round
 * after round, so that a noisy neighbour slows all of them alike; the table gives medians, and how
 * many processors this JVM kept busy meanwhile, which tells a speedup limited by the program from
 * one limited by other processes on the machine.
 */
final class UtsBench {

    private static final Pattern SIZE = Pattern.compile("Tree size = (\\d+)");
    private static final com.sun.management.OperatingSystemMXBean CPU =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final Pattern WALL = Pattern.compile("Wallclock time = ([0-9.]+) sec");

    private UtsBench() {
    }

    static void run(String[] args) throws Exception {
        String tree = "T1";
        int rounds = 7;
        int warmup = 2;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--tree" -> tree = Args.value(args, ++i);
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--warmup" -> warmup = Args.intOf(args, ++i);
                default -> throw Args.unknown(args[i]);
            }
        }
        Sample sample = Sample.named(tree);
        if (sample == null || rounds < 1 || warmup < 0) {
            throw new Args.Bad("need a sample tree (T1, T3, T1L, ...), rounds >= 1, warmup >= 0");
        }
        measure(sample, rounds, warmup, System.getenv("UTS_REF"));
    }

    private static void measure(Sample sample, int rounds, int warmup, String reference) throws Exception {
        String[] args = {sample.name()};
        Method sequential = sequentialRun();
        String expected = (String) sequential.invoke(null, (Object) args);
        long nodes = size(expected);
        Map<String, Callable<Long>> variants = new LinkedHashMap<>();
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        Map<String, List<Double>> cores = new LinkedHashMap<>();
        try (Node one = Node.start(NodeConfig.defaults().withName("w1"));
                Node two = Node.start(NodeConfig.defaults().withName("w2").withWorkers(2))) {
            variants.put("sequential", () -> timed(() -> (String) sequential.invoke(null, (Object) args), expected));
            String[] own = {sample.name(), "-s", "own"};
            variants.put("sequential, own SHA-1", () -> timed(() -> (String) sequential.invoke(null, (Object) own), expected));
            variants.put("rewritten, 1 worker", () -> timed(() -> one.call(() -> Uts.run(args)), expected));
            variants.put("rewritten, 2 workers", () -> timed(() -> two.call(() -> Uts.run(args)), expected));
            if (reference != null) {
                variants.put("reference (C)", () -> reference(reference, sample, nodes));
            }
            variants.keySet().forEach(k -> seconds.put(k, new ArrayList<>()));
            variants.keySet().forEach(k -> cores.put(k, new ArrayList<>()));
            for (int r = 0; r < warmup + rounds; r++) {
                for (Map.Entry<String, Callable<Long>> v : variants.entrySet()) {
                    long cpu = CPU.getProcessCpuTime();
                    long nanos = v.getValue().call();
                    cpu = CPU.getProcessCpuTime() - cpu;
                    if (r >= warmup) {
                        seconds.get(v.getKey()).add(nanos / 1e9);
                        cores.get(v.getKey()).add(v.getKey().startsWith("reference") ? Double.NaN : (double) cpu / nanos);
                    }
                }
            }
        }
        report(sample, nodes, seconds, cores, rounds, warmup);
    }

    private static void report(Sample sample, long nodes, Map<String, List<Double>> seconds,
            Map<String, List<Double>> cores, int rounds, int warmup) {
        System.out.printf(Locale.ROOT, "UTS %s (%s): %d nodes; median of %d rounds after %d warm-up; java %s; %d cpus%n",
                sample.name(), sample.args(), nodes, rounds, warmup, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        boolean withReference = seconds.containsKey("reference (C)");
        System.out.printf(Locale.ROOT, "%-24s %9s %12s %13s %9s%s%n", "variant", "median s", "Mnodes/s", "x sequential",
                "cpu/wall",
                withReference ? "   x reference" : "");
        double seq = median(seconds.get("sequential"));
        double ref = withReference ? median(seconds.get("reference (C)")) : Double.NaN;
        for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
            double m = median(e.getValue());
            double busy = median(cores.get(e.getKey()));
            System.out.printf(Locale.ROOT, "%-24s %9.3f %12.2f %13.2f %9s%s%n", e.getKey(), m, nodes / m / 1e6, seq / m,
                    Double.isNaN(busy) ? "-" : String.format(Locale.ROOT, "%.2f", busy),
                    withReference ? String.format(Locale.ROOT, " %13.2f", ref / m) : "");
        }
        System.out.println("cpu/wall: this JVM's processor time over the wall time (its own compiler and collector included):"
                + " below the workers' number when other processes share the processors");
        System.out.printf(Locale.ROOT, "USE factor (Kakulavarapu et al.: sequential over 1 worker): %.1f%%%n",
                100 * seq / median(seconds.get("rewritten, 1 worker")));
        System.out.printf(Locale.ROOT, "2 workers are %.2fx faster than 1 worker%n",
                median(seconds.get("rewritten, 1 worker")) / median(seconds.get("rewritten, 2 workers")));
    }

    /** The reference's own time for the search, after checking that it counted the same tree. */
    private static long reference(String binary, Sample sample, long nodes) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary));
        command.addAll(List.of(sample.args().split(" ")));
        Path out = Files.createTempFile("uts-ref", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(binary + " failed or did not finish");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            Matcher wall = WALL.matcher(text);
            if (size(text) != nodes || !wall.find()) {
                throw new IllegalStateException("the reference printed\n" + text + "\nnot a tree of " + nodes + " nodes");
            }
            return (long) (Double.parseDouble(wall.group(1)) * 1e9);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static long timed(Callable<String> run, String expected) throws Exception {
        long start = System.nanoTime();
        String out = run.call();
        long elapsed = System.nanoTime() - start;
        if (!out.equals(expected)) {
            throw new AssertionError("computed\n" + out + "but the sequential program\n" + expected);
        }
        return elapsed;
    }

    private static long size(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("no tree size in " + text);
        }
        return Long.parseLong(m.group(1));
    }

    /** {@code Uts.run} of the sequential program, from the classes the build kept before rewriting. */
    private static Method sequentialRun() throws Exception {
        ClassLoader loader = SequentialLoader.of(UtsBench.class.getClassLoader());
        return loader.loadClass(Uts.class.getName()).getMethod("run", String[].class);
    }

    private static double median(List<Double> samples) {
        double[] s = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2.0;
    }
}
