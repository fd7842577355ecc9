package satin.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;
import satin.deque.DequeKind;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.spec.Fib;
import satin.spec.FibByHand;

/**
 * The spawn-overhead benchmark: in one process, sequential fib(n); fib(n) spawning every call
 * through the hand-written rewritten form on 1 and on 2 workers; and ForkJoinPool fib(n) with a
 * task for every call, forking both children (as Satin spawns both) and, idiomatically, forking one
 * and computing the other. The variants run interleaved, round after round, so that a noisy
 * neighbour slows all of them alike; the table gives medians and ratios of medians.
 */
public final class Bench {

    private static final String USAGE = "usage: bench [--n N] [--rounds R] [--warmup W] [--deque split|locked] [--samples]";

    public static void main(String[] args) {
        int n = 35;
        int rounds = 15;
        int warmup = 5;
        boolean samples = false;
        DequeKind deque = DequeKind.SPLIT;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--n" -> n = Integer.parseInt(args[++i]);
                    case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                    case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                    case "--deque" -> deque = DequeKind.parse(args[++i]);
                    case "--samples" -> samples = true;
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (n < 2 || n > 60 || rounds < 1 || warmup < 0) {
                throw new IllegalArgumentException("need 2 <= n <= 60, rounds >= 1, warmup >= 0");
            }
        } catch (RuntimeException e) {
            System.err.println("bench: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
        fib(n, rounds, warmup, deque, samples);
    }

    private static void fib(int n, int rounds, int warmup, DequeKind deque, boolean samples) {
        long expected = new Fib().fib(n);
        ForkJoinPool pool = new ForkJoinPool(1);
        try (Node one = Node.start(NodeConfig.defaults().withName("w1").withDeque(deque));
                Node two = Node.start(NodeConfig.defaults().withName("w2").withDeque(deque).withWorkers(2))) {
            Map<String, LongSupplier> variants = new LinkedHashMap<>();
            variants.put("sequential", () -> new Fib().fib(n));
            variants.put("satin, 1 worker", () -> one.call(() -> new FibByHand().fib(n)));
            variants.put("satin, 2 workers", () -> two.call(() -> new FibByHand().fib(n)));
            variants.put("ForkJoinPool(1), fork both", () -> pool.invoke(new ForkJoinFib(n, true)));
            variants.put("ForkJoinPool(1), fork one", () -> pool.invoke(new ForkJoinFib(n, false)));
            Map<String, List<Long>> times = run(variants, expected, rounds, warmup);

            System.out.printf(Locale.ROOT, "fib(%d) = %d, %d calls; deque %s; %d rounds after %d warm-up; java %s; %d cpus%n",
                    n, expected, calls(n), deque.name().toLowerCase(Locale.ROOT), rounds, warmup,
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
            double seq = median(times.get("sequential"));
            System.out.printf(Locale.ROOT, "%-28s %10s %9s %13s%n", "variant", "median ms", "ns/call", "x sequential");
            for (Map.Entry<String, List<Long>> e : times.entrySet()) {
                double m = median(e.getValue());
                System.out.printf(Locale.ROOT, "%-28s %10.1f %9.2f %13.2f%n", e.getKey(), m / 1e6, m / calls(n), m / seq);
                if (samples) {
                    System.out.println("    samples ms: " + e.getValue().stream()
                            .map(x -> String.format(Locale.ROOT, "%.1f", x / 1e6)).toList());
                }
            }
            System.out.printf(Locale.ROOT, "2 workers are %.2fx faster than 1 worker%n",
                    median(times.get("satin, 1 worker")) / median(times.get("satin, 2 workers")));
        } finally {
            pool.shutdown();
        }
    }

    private static Map<String, List<Long>> run(Map<String, LongSupplier> variants, long expected, int rounds,
            int warmup) {
        Map<String, List<Long>> times = new LinkedHashMap<>();
        variants.keySet().forEach(k -> times.put(k, new ArrayList<>()));
        for (int r = 0; r < warmup + rounds; r++) {
            for (Map.Entry<String, LongSupplier> v : variants.entrySet()) {
                long start = System.nanoTime();
                long result = v.getValue().getAsLong();
                long elapsed = System.nanoTime() - start;
                if (result != expected) {
                    throw new AssertionError(v.getKey() + " computed " + result + ", the sequential program " + expected);
                }
                if (r >= warmup) {
                    times.get(v.getKey()).add(elapsed);
                }
            }
        }
        return times;
    }

    static double median(List<Long> samples) {
        long[] s = samples.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2.0;
    }

    /** Invocations of fib for fib(n): 2 fib(n + 1) - 1. */
    static long calls(int n) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < n + 1; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return 2 * a - 1;
    }
}
