package satin.bench;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Locale;
import satin.apps.Apps;
import satin.deploy.report.Spread;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * The search that ends on its first solution ({@code ida-first}, issue 35, decision 0052): its
 * time to the solution on two workers (and with {@code --one} on one) against the sequential program (the class as it
 * was before the build rewrote it), interleaved round by round in this JVM so that all meet the
 * same JIT and the same noise. Prints each median with its [min-max], the ratio of each round's
 * two-worker time to the same round's sequential time, and the spawns cancelled per two-worker
 * run; every run's text must equal the sequential one.
 */
final class FirstSolutionBench {

    static final String USAGE = "bench first [--preset small|medium|large | --args 'PUZZLE SPAWN_DEPTH'] [--rounds R] [--one]";
    private static final String APP = "ida-first";

    private FirstSolutionBench() {
    }

    static void run(String[] args) throws Exception {
        int rounds = 5;
        String preset = "large";
        List<String> given = null;
        boolean one = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--preset" -> preset = Args.value(args, ++i);
                case "--one" -> one = true;
                case "--args" -> given = List.of(Args.value(args, ++i).trim().split("\\s+"));
                default -> throw Args.unknown(args[i]);
            }
        }
        List<String> appArgs = given != null ? given : Apps.presets(APP, FirstSolutionBench.class.getClassLoader()).get(preset);
        if (appArgs == null) {
            throw new Args.Bad(APP + " has no preset " + preset);
        }
        if (given != null) {
            preset = "arguments";
        }
        Method seq = Apps.runMethod(APP, AppsBench.sequentialLoader());
        Method rewritten = Apps.runMethod(APP, FirstSolutionBench.class.getClassLoader());
        String expected = Apps.run(seq, appArgs);
        double[] s = new double[rounds];
        double[] w1 = new double[rounds];
        double[] w2 = new double[rounds];
        double[] ratio = new double[rounds];
        double[] cancelled = new double[rounds];
        try (Node oneWorker = Node.start(NodeConfig.defaults()); Node two = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (int r = -1; r < rounds; r++) {
                double sr = AppsBench.millis(APP, expected, () -> Apps.run(seq, appArgs));
                double w1r = one ? AppsBench.millis(APP, expected, () -> oneWorker.call(() -> Apps.run(rewritten, appArgs)))
                        : Double.NaN;
                long before = two.statistics().total().cancelled();
                double w2r = AppsBench.millis(APP, expected, () -> two.call(() -> Apps.run(rewritten, appArgs)));
                if (r >= 0) {
                    s[r] = sr;
                    w1[r] = w1r;
                    w2[r] = w2r;
                    ratio[r] = w2r / sr;
                    cancelled[r] = two.statistics().total().cancelled() - before;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%s %s (%s), %d rounds after 1 warm-up, medians [min-max]; java %s, %d cpus%n", APP,
                preset, String.join(" ", appArgs), rounds, System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        line("sequential", Spread.of(s), "ms");
        if (one) {
            line("1 worker", Spread.of(w1), "ms");
        }
        line("2 workers", Spread.of(w2), "ms");
        line("2 workers / sequential", Spread.of(ratio), "x (each round's ratio; target 1.2)");
        line("cancelled per 2-worker run", Spread.of(cancelled), "spawns");
    }

    private static void line(String what, Spread v, String unit) {
        System.out.printf(Locale.ROOT, "%-28s %10.2f %-22s %s%n", what, v.median(), v.range(2), unit);
    }
}
