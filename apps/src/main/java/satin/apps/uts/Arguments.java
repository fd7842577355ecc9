package satin.apps.uts;

import java.util.ArrayList;
import java.util.List;

/**
 * The command line: optionally the name of a sample tree, then the reference's options (which
 * override the sample's) and ours.
 *
 * <pre>
 *   -t type   0 binomial, 1 geometric, 2 hybrid, 3 balanced      -b b_0   root branching factor
 *   -r seed   root seed                                         -a shape 0 linear, 1 expdec, 2 cyclic, 3 fixed
 *   -d gen_mx geometric and balanced: depth                     -q q     binomial: probability of children
 *   -m m      binomial: number of children                      -f frac  hybrid: geometric above frac * gen_mx
 *   -g gran   SHA-1 evaluations per child                       -c chunk nodes a job walks between hand-offs
 *   -s sha1   jdk (the JDK's SHA-1, the default) or own ({@link Sha1}); the tree is the same
 * </pre>
 *
 * Defaults are the reference's: a geometric tree, linear shape, b_0 = 4, gen_mx = 6, seed 0.
 */
public record Arguments(Tree tree, int chunk, boolean ownSha1, Sample sample) {

    private static final int DEFAULT_CHUNK = 4096;

    public static Arguments parse(String... args) {
        Options o = new Options();
        Sample sample = null;
        int i = 0;
        if (args.length > 0 && !args[0].startsWith("-")) {
            sample = Sample.named(args[0]);
            if (sample == null) {
                throw new IllegalArgumentException("tree " + args[0] + ": expected a sample tree name (T1, T5, T2, T3, "
                        + "T4, T1L, T2L, T3L, T1XL, T1XXL, T3XXL, T2XXL, T1WL, T2WL, T3WL) or options");
            }
            for (String[] pair : pairs(sample.args().split(" "), 0)) {
                o.set(pair[0], pair[1]);
            }
            i = 1;
        }
        for (String[] pair : pairs(args, i)) {
            o.set(pair[0], pair[1]);
        }
        if (o.shape == Tree.EXPDEC && o.genMx < 2 && (o.type == Tree.GEOMETRIC || o.type == Tree.HYBRID)) {
            throw new IllegalArgumentException("option -d " + o.genMx + ": expected at least 2 for shape 1 (expdec)");
        }
        Tree tree = new Tree(o.type, o.b0, o.seed, o.shape, o.genMx, o.q, o.m, o.shift, o.granularity);
        return new Arguments(tree, o.chunk, o.ownSha1, sample);
    }

    /** The options from {@code args[from]} on, each with its value. */
    private static List<String[]> pairs(String[] args, int from) {
        List<String[]> pairs = new ArrayList<>();
        for (int i = from; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + args[i] + ": expected a value after it");
            }
            pairs.add(new String[] {args[i], args[i + 1]});
        }
        return pairs;
    }

    /** The options as they are set, starting from the reference's defaults. */
    private static final class Options {
        int type = Tree.GEOMETRIC;
        double b0 = 4.0;
        int seed;
        int shape = Tree.LINEAR;
        int genMx = 6;
        double q = 15.0 / 64.0;
        int m = 4;
        double shift = 0.5;
        int granularity = 1;
        int chunk = DEFAULT_CHUNK;
        boolean ownSha1;

        void set(String option, String v) {
            switch (option) {
                case "-t" -> type = integer(option, v, 0, 3, "a tree type: 0 binomial, 1 geometric, 2 hybrid, 3 balanced");
                case "-b" -> b0 = real(option, v, 0, 1e9, "a root branching factor from 0 to 1e9");
                case "-r" -> seed = integer(option, v, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int seed");
                case "-a" -> shape = integer(option, v, 0, 3, "a shape: 0 linear, 1 expdec, 2 cyclic, 3 fixed");
                case "-d" -> genMx = integer(option, v, 1, 1 << 20, "a depth from 1 to 2^20");
                case "-q" -> q = real(option, v, 0, 1, "a probability from 0 to 1");
                case "-m" -> m = integer(option, v, 0, 1 << 20, "a number of children from 0 to 2^20");
                case "-f" -> shift = real(option, v, 0, 1e6, "a fraction of the depth, from 0");
                case "-g" -> granularity = integer(option, v, 1, 1 << 20, "SHA-1 evaluations per child, from 1");
                case "-c" -> chunk = integer(option, v, 1, 1 << 30, "nodes per job between hand-offs, from 1");
                case "-s" -> ownSha1 = sha1(v);
                default -> throw new IllegalArgumentException("option " + option
                        + ": expected one of -t -b -r -a -d -q -m -f -g -c -s");
            }
        }
    }

    private static boolean sha1(String v) {
        return switch (v) {
            case "own" -> true;
            case "jdk" -> false;
            default -> throw new IllegalArgumentException("option -s " + v + ": expected jdk or own");
        };
    }

    private static int integer(String option, String v, int min, int max, String expected) {
        try {
            int x = Integer.parseInt(v);
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("option " + option + " " + v + ": expected " + expected);
    }

    private static double real(String option, String v, double min, double max, String expected) {
        try {
            double x = Double.parseDouble(v);
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("option " + option + " " + v + ": expected " + expected);
    }
}
