package satin.bench;

import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import satin.apps.Apps;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Each application's preset, sequential (the class as it was before the build rewrote it) against
 * the rewritten program on a node of one worker and of two, interleaved round by round in this JVM
 * so that both meet the same JIT and the same noise. Prints medians and the overhead of one worker
 * over the sequential program; every run's text must equal the sequential one.
 */
public final class AppsBench {

    private AppsBench() {
    }

    static void run(String[] args) throws Exception {
        int rounds = 5;
        String preset = "medium";
        List<String> only = Apps.names();
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--preset" -> preset = Args.value(args, ++i);
                case "--only" -> only = List.of(Args.value(args, ++i).split(","));
                default -> throw Args.unknown(args[i]);
            }
        }
        ClassLoader sequential = sequentialLoader();
        System.out.printf(Locale.ROOT, "%s presets, %d rounds after 1 warm-up, medians; java %s, %d cpus%n", preset, rounds,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-14s %-28s %11s %11s %11s %9s %6s %9s%n", "app", "arguments", "seq ms", "1 worker",
                "2 workers", "overhead", "USE", "2w speedup");
        try (Node one = Node.start(NodeConfig.defaults()); Node two = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (String app : only) {
                measure(app, preset, rounds, sequential, one, two);
            }
        }
    }

    private static void measure(String app, String preset, int rounds, ClassLoader sequential, Node one, Node two) {
        List<String> args = Apps.presets(app, AppsBench.class.getClassLoader()).get(preset);
        if (args == null) {
            throw new Args.Bad(app + " has no preset " + preset);
        }
        Method seq = Apps.runMethod(app, sequential);
        Method rewritten = Apps.runMethod(app, AppsBench.class.getClassLoader());
        String expected = Apps.run(seq, args);
        double[] s = new double[rounds];
        double[] w1 = new double[rounds];
        double[] w2 = new double[rounds];
        for (int r = -1; r < rounds; r++) {
            double sr = millis(app, expected, () -> Apps.run(seq, args));
            double w1r = millis(app, expected, () -> one.call(() -> Apps.run(rewritten, args)));
            double w2r = millis(app, expected, () -> two.call(() -> Apps.run(rewritten, args)));
            if (r >= 0) {
                s[r] = sr;
                w1[r] = w1r;
                w2[r] = w2r;
            }
        }
        double ms = median(s);
        double m1 = median(w1);
        double m2 = median(w2);
        // USE: Kakulavarapu et al.'s uni-node support efficiency, sequential over one-node time
        System.out.printf(Locale.ROOT, "%-14s %-28s %11.1f %11.1f %11.1f %8.1f%% %5.0f%% %9.2fx%n", app,
                clip(String.join(" ", args)), ms, m1, m2, 100 * (m1 / ms - 1), 100 * ms / m1, m1 / m2);
    }

    /**
     * Kakulavarapu et al.'s USE factor of {@code app}'s preset, per round: the sequential program's
     * time over a one-worker node's, each round after one of warm-up, every answer checked.
     */
    public static double[] useFactors(String app, String preset, int rounds) throws MalformedURLException {
        List<String> args = Apps.presets(app, AppsBench.class.getClassLoader()).get(preset);
        Method seq = Apps.runMethod(app, sequentialLoader());
        Method rewritten = Apps.runMethod(app, AppsBench.class.getClassLoader());
        String expected = Apps.run(seq, args);
        double[] use = new double[rounds];
        try (Node one = Node.start(NodeConfig.defaults())) {
            for (int r = -1; r < rounds; r++) {
                double sr = millis(app, expected, () -> Apps.run(seq, args));
                double w1r = millis(app, expected, () -> one.call(() -> Apps.run(rewritten, args)));
                if (r >= 0) {
                    use[r] = sr / w1r;
                }
            }
        }
        return use;
    }

    /** The milliseconds one run took, its text checked against the sequential program's. */
    static double millis(String app, String expected, java.util.function.Supplier<String> run) {
        long t0 = System.nanoTime();
        check(app, expected, run.get());
        return (System.nanoTime() - t0) / 1e6;
    }

    private static void check(String app, String expected, String got) {
        if (!expected.equals(got)) {
            throw new AssertionError(app + " printed\n" + got + "\nbut the sequential program printed\n" + expected);
        }
    }

    private static String clip(String s) {
        return s.length() <= 28 ? s : s.substring(0, 25) + "...";
    }

    private static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        int m = c.length / 2;
        return c.length % 2 == 1 ? c[m] : (c[m - 1] + c[m]) / 2;
    }

    static ClassLoader sequentialLoader() throws MalformedURLException {
        return SequentialLoader.of(AppsBench.class.getClassLoader());
    }
}
