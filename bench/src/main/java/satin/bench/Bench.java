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
 * The spawn-overhead benchmark: in one process, sequential fib(n), fib(n) with a hand-written
 * record for every call on 1 and on 2 workers, and ForkJoinPool fib(n) forking every call. The
 * variants run interleaved, round after round, so that a noisy neighbour slows all of them alike;
 * the table gives medians and ratios of medians.
 */
public final class Bench {

    public static void main(String[] args) {
        int n = 32;
        int rounds = 9;
        int warmup = 3;
        DequeKind deque = DequeKind.SPLIT;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> n = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--deque" -> deque = DequeKind.parse(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (options: --n N --rounds R --warmup W --deque split|chase-lev|locked)");
            }
        }
        new Bench().fib(n, rounds, warmup, deque);
    }

    private void fib(int n, int rounds, int warmup, DequeKind deque) {
        final int fn = n;
        long expected = new Fib().fib(n);
        try (Node one = Node.start(NodeConfig.defaults().withName("w1").withDeque(deque));
                Node two = Node.start(NodeConfig.defaults().withName("w2").withDeque(deque).withWorkers(2))) {
            ForkJoinPool pool = new ForkJoinPool(1);
            Map<String, LongSupplier> variants = new LinkedHashMap<>();
            variants.put("sequential", () -> new Fib().fib(fn));
            variants.put("records, 1 worker", () -> one.call(() -> new FibByHand().fib(fn)));
            variants.put("records, 2 workers", () -> two.call(() -> new FibByHand().fib(fn)));
            variants.put("ForkJoinPool(1)", () -> pool.invoke(new ForkJoinFib(fn)));
            Map<String, List<Long>> times = run(variants, expected, rounds, warmup);
            pool.shutdown();
            System.out.printf(Locale.ROOT, "fib(%d) = %d, %d calls; deque %s; %d rounds after %d warm-up; java %s%n",
                    n, expected, calls(n), deque, rounds, warmup, System.getProperty("java.version"));
            double seq = median(times.get("sequential"));
            double w1 = median(times.get("records, 1 worker"));
            System.out.printf(Locale.ROOT, "%-22s %12s %12s %14s%n", "variant", "median ms", "ns/call", "x sequential");
            for (Map.Entry<String, List<Long>> e : times.entrySet()) {
                double m = median(e.getValue());
                System.out.printf(Locale.ROOT, "%-22s %12.1f %12.2f %14.2f%n", e.getKey(), m / 1e6,
                        m / calls(n), m / seq);
            }
            System.out.printf(Locale.ROOT, "2 workers are %.2fx faster than 1 worker%n",
                    w1 / median(times.get("records, 2 workers")));
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
                    throw new AssertionError(v.getKey() + " computed " + result + ", sequential " + expected);
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

    /** Invocations of fib for fib(n): 2 fib(n+1) - 1. */
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
