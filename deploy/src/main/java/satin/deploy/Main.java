package satin.deploy;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import satin.apps.fib.Fib;
import satin.deploy.cli.PoolCommand;
import satin.deploy.cli.SatinCli;
import satin.runtime.Node;

/**
 * The {@code satin} command. {@code satin pool ...} starts nodes of a pool ({@code satin.launch.PoolMain}).
 * Without it, the main job: Fibonacci spawning every call
 * ({@link satin.apps.fib.Fib}, rewritten by the build), on the embedded node of this JVM, checked
 * against the sequential program (the same class un-rewritten, {@code satin.spec.Fib}), with the
 * run's statistics.
 */
public final class Main {

    private static final String USAGE = "usage: satin                       (a comparison of RS and CRS on 4 emulated clusters)\n"
            + "       satin fib [N] [--workers W]   (fib(N) spawning every call on this JVM; defaults: 35, 1)\n"
            + "       satin run|compare|simulate|report|registry ...   (satin --help, satin run --help, ...)\n"
            + "       satin pool [--classpath PATH] [options] MAIN-CLASS [ARGS...]   (nodes of a pool; satin pool --help)";

    private Main() {
    }

    /** The main job: a short comparison that shows what the project is for, on this JVM alone. */
    static final String[] DEMO = {"compare", "--app", "synthetic", "--args", "4", "6", "40000", "--nodes", "32",
        "--clusters", "4", "--balancers", "RS;CRS", "--wans", "single-cluster;100ms/100KB/s", "--repetitions", "3",
        "--output", "satin-results/demo"};

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("pool")) {
            int code;
            try {
                code = PoolCommand.run(Arrays.copyOfRange(args, 1, args.length), System.out, System.err);
            } catch (InterruptedException e) {
                code = 1;
            }
            System.exit(code);
        }
        if (args.length == 0 || SatinCli.COMMANDS.contains(args[0])) {
            PrintWriter out = new PrintWriter(System.out, true);
            PrintWriter err = new PrintWriter(System.err, true);
            if (args.length == 0) {
                err.println("satin: RS against CRS, 32 nodes as 1 cluster and as 4 clusters 100 ms / 100 KB/s apart, "
                        + "on a tree of 4^6 leaves that wait 40 ms, 3 runs each (satin --help for more)");
            }
            System.exit(SatinCli.execute(args.length == 0 ? DEMO : args, out, err));
        }
        System.exit(run(args, System.out, System.err));
    }

    /** Every word that may come first, for naming a word that is none of them. */
    static final java.util.List<String> FIRST_WORDS = java.util.List.of("run", "compare", "simulate", "report", "registry",
            "pool", "fib");

    /**
     * A first word that is neither a command, nor fib's N, nor an option: most likely a command
     * misspelt, so it is named as such rather than taken for a number.
     */
    static String notACommand(String first) {
        if (first.startsWith("-") || first.equals("fib") || first.chars().allMatch(Character::isDigit)) {
            return null;
        }
        String suggestion = satin.deploy.descriptor.Suggestions.didYouMean(first, FIRST_WORDS);
        return "'" + first + "' is not a command (" + String.join(", ", FIRST_WORDS) + ")"
                + (suggestion.isEmpty() ? "" : ";" + suggestion);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String notACommand = args.length == 0 ? null : notACommand(args[0].trim());
        if (notACommand != null) {
            err.println("satin: " + notACommand);
            err.println(USAGE);
            return 2;
        }
        int n = 35;
        int workers = 1;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("fib") && i == 0) {
                    continue;
                } else if (a.equals("--workers")) {
                    if (i + 1 == args.length) {
                        throw new IllegalArgumentException("--workers needs a number");
                    }
                    workers = positive("--workers", args[++i]);
                } else if (a.equals("--help") || a.equals("-h")) {
                    out.println(USAGE);
                    return 0;
                } else if (a.equals("--version") || a.equals("-V")) {
                    out.println("satin " + satin.Satin.version());
                    return 0;
                } else {
                    n = positive("N", a);
                    if (n > 92) {
                        throw new IllegalArgumentException("N=" + n + " is too large: fib(N) must fit a long (N <= 92)");
                    }
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("satin: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        System.setProperty(satin.config.Settings.WORKERS.name(), Integer.toString(workers));
        long start = System.nanoTime();
        long parallel = new Fib().fib(n); // a call from outside every node: it runs on the embedded node
        long parallelNanos = System.nanoTime() - start;
        start = System.nanoTime();
        long sequential = new satin.spec.Fib().fib(n);
        long sequentialNanos = System.nanoTime() - start;
        out.printf(Locale.ROOT, "fib(%d) = %d in %.1f ms on %d worker%s (sequential program: %d in %.1f ms)%n", n,
                parallel, parallelNanos / 1e6, workers, workers == 1 ? "" : "s", sequential, sequentialNanos / 1e6);
        out.print(Node.embedded().statistics().format());
        if (parallel != sequential) {
            err.println("satin: the parallel result differs from the sequential program's");
            return 1;
        }
        return 0;
    }

    private static int positive(String what, String text) {
        try {
            int v = Integer.parseInt(text.trim());
            if (v < 1) {
                throw new IllegalArgumentException(what + " must be at least 1, not " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number, not '" + text + "'");
        }
    }
}
