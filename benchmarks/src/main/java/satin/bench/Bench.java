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
import satin.runtime.Worker;
import satin.spec.Fib;
import satin.spec.FibByHand;

/**
 * The spawn-overhead benchmark: in one process, sequential fib(n) (the un-rewritten class); fib(n)
 * spawning every call, rewritten by the build ({@code satin.apps.fib.Fib}) and in the spec's
 * hand-written form, on 1 and on 2 workers; the form from before decision 0013, which pushed
 * both spawns ({@link FibBothPushed}); and ForkJoinPool fib(n) with a
 * task for every call, forking both children (as Satin spawns both) and, idiomatically, forking one
 * and computing the other. The variants run interleaved, round after round, so that a noisy
 * neighbour slows all of them alike; the table gives medians and ratios of medians, each against
 * the sequential program measured in the same phase.
 */
public final class Bench {

    private static final String USAGE = "usage: bench [--n N] [--rounds R] [--warmup W] [--deque split|locked] [--samples]\n"
            + "       bench serialization [ROUNDS]\n"
            + "       bench steal [ROUNDS [STEALS-PER-ROUND]]\n"
            + "       bench pool [ROUNDS] [--only fib|nqueens] [--no-cds] [--tls] [--java PATH]\n"
            + "       bench wan\n"
            + "       bench apps [--preset small|medium|large] [--rounds R] [--only fib,nqueens]\n"
            + "       " + FirstSolutionBench.USAGE + "\n"
            + "       bench uts [--tree NAME] [--rounds R] [--warmup W]   (UTS_REF=reference binary, optional)\n"
            + "       bench balancers [--rounds R] [--nodes N] [--tree FAN,DEPTH,LEAF_US] [--replay 'FILE[,SCALE];...'] [--only 'RS;RP:threshold=2'] [--wan 'A;B'] [--coalesce 200us]\n"
            + "       " + SearchBench.USAGE + "\n"
            + "       bench replay [--apps 'APP:ARGS;...'] [--rounds R] [--warmup W] [--fold-us T] [--dir DIR] [--record-only]\n"
            + "       " + SimulationBench.USAGE.replace("\n", "\n       ") + "\n"
            + "       " + ChaosBench.USAGE + "\n"
            + "       " + GlbBench.USAGE + "\n"
            + "       " + HostsBench.USAGE + "\n"
            + "       bench paper [NAME [--rounds R] [--tiny] [--out DIR]]   (satin.bench.paper.PaperBench)";

    public static void main(String[] args) throws Exception {
        try {
            dispatch(args);
        } catch (Args.Bad e) {
            System.err.println("bench: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
    }

    private static void dispatch(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("serialization")) {
            SerializationBench.run(args.length > 1 ? Args.positive(args[1], "bench serialization ROUNDS") : 9);
            return;
        }
        if (args.length > 0 && args[0].equals("hosts")) {
            HostsBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("wan")) {
            WanBench.run();
            return;
        }
        if (args.length > 0 && args[0].equals("apps")) {
            AppsBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("first")) {
            FirstSolutionBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("balancers")) {
            BalancerBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("search")) {
            SearchBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("replay")) {
            ReplayBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("simulate")) {
            SimulationBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("uts")) {
            UtsBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("pool")) {
            PoolBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("glb")) {
            GlbBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("chaos")) {
            ChaosBench.run(args);
            return;
        }
        if (args.length > 0 && args[0].equals("steal")) {
            StealBench.run(args.length > 1 ? Args.positive(args[1], "bench steal ROUNDS") : 15,
                    args.length > 2 ? Args.positive(args[2], "bench steal STEALS-PER-ROUND") : 200);
            return;
        }
        int n = 35;
        int rounds = 15;
        int warmup = 5;
        boolean samples = false;
        DequeKind deque = DequeKind.SPLIT;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> n = Args.intOf(args, ++i);
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--warmup" -> warmup = Args.intOf(args, ++i);
                case "--deque" -> {
                    String kind = Args.value(args, ++i);
                    deque = Args.checked(() -> DequeKind.parse(kind));
                }
                case "--samples" -> samples = true;
                default -> throw Args.unknown(args[i]);
            }
        }
        if (n < 2 || n > 60 || rounds < 1 || warmup < 0) {
            throw new Args.Bad("need 2 <= n <= 60, rounds >= 1, warmup >= 0");
        }
        fib(n, rounds, warmup, deque, samples);
    }

    private static void fib(int n, int rounds, int warmup, DequeKind deque, boolean samples) {
        long expected = new Fib().fib(n);
        ForkJoinPool pool = new ForkJoinPool(1);
        try (Node one = Node.start(NodeConfig.defaults().withName("w1").withDeque(deque));
                Node two = Node.start(NodeConfig.defaults().withName("w2").withDeque(deque).withWorkers(2))) {
            Map<String, LongSupplier> satin = new LinkedHashMap<>();
            satin.put("sequential", () -> new Fib().fib(n));
            satin.put("rewritten, 1 worker", () -> one.call(() -> new satin.apps.fib.Fib().fib(n)));
            satin.put("rewritten, 2 workers", () -> two.call(() -> new satin.apps.fib.Fib().fib(n)));
            satin.put("by hand, 1 worker", () -> one.call(() -> new FibByHand().fib(n)));
            satin.put("by hand, 2 workers", () -> two.call(() -> new FibByHand().fib(n)));
            satin.put("both pushed, 1 worker", () -> one.call(() -> new FibBothPushed().fib(n)));
            satin.put("both pushed, 2 workers", () -> two.call(() -> new FibBothPushed().fib(n)));
            // ForkJoinPool allocates gigabytes and leaves the collector busy: measured in a phase
            // of its own, against a sequential baseline of that phase, so as not to slow the others.
            Map<String, LongSupplier> forkJoin = new LinkedHashMap<>();
            forkJoin.put("sequential", () -> new Fib().fib(n));
            forkJoin.put("ForkJoinPool(1), fork both", () -> pool.invoke(new ForkJoinFib(n, true)));
            forkJoin.put("ForkJoinPool(1), fork one", () -> pool.invoke(new ForkJoinFib(n, false)));

            Map<String, List<Long>> first = run(satin, expected, rounds, warmup);
            Map<String, List<Long>> second = run(forkJoin, expected, rounds, warmup);

            System.out.printf(Locale.ROOT, "fib(%d) = %d, %d calls; deque %s; %d rounds after %d warm-up; java %s; %d cpus%n",
                    n, expected, calls(n), deque.name().toLowerCase(Locale.ROOT), rounds, warmup,
                    System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
            System.out.printf(Locale.ROOT, "%-28s %10s %9s %13s%n", "variant", "median ms", "ns/call", "x sequential");
            print(first, n, samples, false);
            print(second, n, samples, true);
            System.out.printf(Locale.ROOT, "2 workers are %.2fx faster than 1 worker (rewritten), %.2fx (by hand)%n",
                    median(first.get("rewritten, 1 worker")) / median(first.get("rewritten, 2 workers")),
                    median(first.get("by hand, 1 worker")) / median(first.get("by hand, 2 workers")));
            System.out.printf(Locale.ROOT, "the last spawn in place saves %.2fx on 1 worker (both pushed / by hand)%n",
                    median(first.get("both pushed, 1 worker")) / median(first.get("by hand, 1 worker")));
            System.out.printf(Locale.ROOT, "a sync with nothing spawned costs %.2f ns%n", emptySyncNanos(one, n));
        } finally {
            pool.shutdown();
        }
    }

    /**
     * What a sync costs in a method that spawned nothing: the fib recursion with plain calls, once
     * as it is and once with the rewritten form of a sync (worker lookup, mark, generic sync) in
     * every call, interleaved; the difference per call.
     */
    private static double emptySyncNanos(Node node, int n) {
        List<Long> plain = new ArrayList<>();
        List<Long> synced = new ArrayList<>();
        for (int r = 0; r < 15; r++) {
            plain.add(node.call(() -> time(() -> plainFib(n))));
            synced.add(node.call(() -> time(() -> syncingFib(n))));
        }
        return (median(synced) - median(plain)) / calls(n);
    }

    private static long time(LongSupplier run) {
        long start = System.nanoTime();
        if (run.getAsLong() < 0) {
            throw new AssertionError();
        }
        return System.nanoTime() - start;
    }

    private static long plainFib(int n) {
        return n < 2 ? n : plainFib(n - 1) + plainFib(n - 2);
    }

    private static long syncingFib(int n) {
        if (n < 2) {
            return n;
        }
        Worker w = Worker.current();
        int mark = w.mark();
        long r = syncingFib(n - 1) + syncingFib(n - 2);
        w.syncAll(mark);
        return r;
    }

    /** One phase's rows; each phase has its own sequential baseline, measured alongside. */
    private static void print(Map<String, List<Long>> times, int n, boolean samples, boolean skipBaseline) {
        double seq = median(times.get("sequential"));
        for (Map.Entry<String, List<Long>> e : times.entrySet()) {
            if (skipBaseline && e.getKey().equals("sequential")) {
                continue;
            }
            double m = median(e.getValue());
            System.out.printf(Locale.ROOT, "%-28s %10.1f %9.2f %13.2f%n", e.getKey(), m / 1e6, m / calls(n), m / seq);
            if (samples) {
                System.out.println("    samples ms: " + e.getValue().stream()
                        .map(x -> String.format(Locale.ROOT, "%.1f", x / 1e6)).toList());
            }
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
