package satin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import satin.apps.replay.Replay;
import satin.record.SpawnTree;

/**
 * Checks that a replayed application takes the time the real one takes (issue 13 item 7: within
 * 10% at 2 nodes): for each application, records its tree in a JVM of its own, then times the
 * real program and the replay of its tree, alternately, each round in fresh JVMs of 2 workers,
 * and prints the ratio replay / real: median, lowest and highest of the rounds.
 *
 * <p>Options: --apps 'fib-threshold:38 16;nqueens:medium' --rounds R --warmup W --fold-us T --dir DIR;
 * --record-only writes the trees (DIR/APP.tree) for {@code ./bench balancers --replay} and
 * {@code satin compare --app replay} without timing anything.
 */
public final class ReplayBench {

    /** Applications whose runs are mostly spawned work, with arguments for a run of about a second on a quiet machine. */
    static final String APPS = "fib-threshold:43 20;nqueens:15 3;knapsack:29 1000 7 10;tsp:25 4;integrate:0 400 1e-11 0.001;"
            + "matmul:1536;binomial:32 16 18;uts:T1 -g 8";

    private ReplayBench() {
    }

    /** The arguments {@code ./bench replay} records {@code app}'s tree with by default, if it records it. */
    public static Optional<List<String>> recordedArguments(String app) {
        for (String spec : APPS.split(";")) {
            if (spec.startsWith(app + ":")) {
                return Optional.of(List.of(spec.substring(app.length() + 1).split(" ")));
            }
        }
        return Optional.empty();
    }

    static void run(String[] args) throws IOException, InterruptedException {
        String apps = APPS;
        int rounds = 5;
        int warmup = 1;
        String fold = "1000";
        Path dir = Path.of(satin.config.Settings.HOME.text(), "benchmarks", "target", "trees");
        boolean recordOnly = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--apps" -> apps = Args.value(args, ++i);
                case "--rounds" -> rounds = Args.positiveOf(args, ++i);
                case "--warmup" -> warmup = Args.intOf(args, ++i);
                case "--fold-us" -> fold = Args.value(args, ++i);
                case "--dir" -> dir = Path.of(Args.value(args, ++i));
                case "--record-only" -> recordOnly = true;
                default -> throw Args.unknown(args[i]);
            }
        }
        Files.createDirectories(dir);
        if (!recordOnly) {
            System.out.printf(Locale.ROOT, "replay / real at 2 workers, %d rounds after %d warm-up, trees folded below %s us, in %s%n",
                    rounds, warmup, fold, dir);
            System.out.printf(Locale.ROOT, "%-14s %8s %9s %9s %9s %7s %15s%n", "app", "calls", "work s", "real s", "replay s",
                    "ratio", "ratio min-max");
        }
        for (String spec : apps.split(";")) {
            String app = spec.substring(0, spec.indexOf(':'));
            List<String> appArgs = Arrays.asList(spec.substring(spec.indexOf(':') + 1).trim().split("\\s+"));
            Path tree = dir.resolve(app + ".tree");
            List<String> record = new ArrayList<>(List.of("satin.apps.replay.RecordTree", app));
            record.addAll(appArgs);
            record.addAll(List.of("--out", tree.toString(), "--warmup", String.valueOf(warmup), "--fold-us", fold));
            System.err.println(Child.run(List.of(), record).trim());
            if (recordOnly) {
                continue;
            }
            double[] real = new double[rounds];
            double[] replay = new double[rounds];
            for (int r = 0; r < rounds; r++) { // a JVM each: one JVM's compiled code can be 17% off another's for a whole run
                real[r] = times(app, appArgs, warmup, 1)[0];
                replay[r] = times("replay", List.of(tree.toString()), warmup, 1)[0];
            }
            print(app, Replay.tree(tree.toString()), real, replay);
        }
    }

    /** The seconds of each timed round of {@code app}, in a fresh JVM of 2 workers. */
    private static double[] times(String app, List<String> appArgs, int warmup, int rounds) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(TimedRuns.class.getName(), app, String.valueOf(warmup), String.valueOf(rounds)));
        cmd.addAll(appArgs);
        return Child.run(List.of("-Dsatin.workers=2"), cmd).lines().mapToDouble(l -> Double.parseDouble(l.split(" ")[0])).toArray();
    }

    private static void print(String app, SpawnTree tree, double[] real, double[] replay) {
        double[] ratios = new double[real.length];
        for (int i = 0; i < real.length; i++) {
            ratios[i] = replay[i] / real[i];
        }
        Arrays.sort(ratios);
        System.out.printf(Locale.ROOT, "%-14s %8d %9.3f %9.3f %9.3f %7.3f %7.3f-%.3f%n", app, tree.size(), tree.totalNanos() / 1e9,
                median(real), median(replay), median(ratios), ratios[0], ratios[ratios.length - 1]);
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    /** A JVM of this class path, its output returned, its failure reported with what it printed. */
    public static final class Child {
        private Child() {
        }

        public static String run(List<String> jvmOptions, List<String> mainAndArgs) throws IOException, InterruptedException {
            List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                    "-cp", System.getProperty("java.class.path")));
            cmd.addAll(jvmOptions);
            cmd.addAll(mainAndArgs);
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", mainAndArgs) + " failed (exit " + p.exitValue() + "): " + out);
            }
            return out;
        }
    }
}
