package satin.apps.pagerank;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * PageRank by power iteration, the kind of iterative program Satin++'s guards are for: every round
 * reads the whole vector of the last one. With the shared form, main publishes each round's ranks
 * once ({@link Ranks}) and the jobs of {@link #pull} wait in {@link #guard_pull} until their
 * node has that round; with the passed form, {@link #pullPassed} takes the vector as an argument,
 * so that each stolen job carries a copy. Each page's new rank is summed over its in-links in the
 * same order whoever computes it, so both forms compute the sequential program's ranks to the last
 * bit, and print what it prints.
 */
public class PageRank extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("20000", "8", "10", "1"),
            "medium", List.of("200000", "12", "20", "1"),
            "large", List.of("400000", "16", "60", "1"));

    static final double DAMPING = 0.85;
    /** Pages per leaf job: a leaf sums LINKS terms per page, so a few thousand make it worth a spawn. */
    static final int LEAVES = 64;

    private final int pages;
    private final int links;
    private final long seed;
    private final int grain;
    /** The published ranks, or null when they are passed to each job. */
    private final Ranks shared;
    /** Each node makes the graph from the seed once, rather than receiving it with every job. */
    private transient Graph graph;

    public PageRank(int pages, int links, long seed, boolean share) {
        this.pages = pages;
        this.links = links;
        this.seed = seed;
        this.grain = Math.max(1, pages / LEAVES);
        this.shared = share ? new Ranks() : null;
    }

    /** The in-links of every page and the out-degree of every page, from the seed. */
    record Graph(int pages, int links, long seed, int[][] in, int[] outDegree) {
        /** The graph made last in this JVM: a run's jobs all need the same one, and a node keeps no other. */
        private static volatile Graph last;

        static Graph of(int pages, int links, long seed) {
            Graph g = last;
            if (g == null || g.pages != pages || g.links != links || g.seed != seed) {
                g = make(pages, links, seed); // two workers may both make it: the same graph, from the seed
                last = g;
            }
            return g;
        }

        private static Graph make(int pages, int links, long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            int[][] in = new int[pages][];
            int[] out = new int[pages];
            for (int p = 0; p < pages; p++) {
                int n = 1 + random.nextInt(2 * links - 1); // 1 to 2 * LINKS - 1 in-links, LINKS on average
                in[p] = new int[n];
                for (int k = 0; k < n; k++) {
                    // a few popular pages, as on the web: half the links go to the first tenth
                    int from = random.nextBoolean() ? random.nextInt(Math.max(1, pages / 10)) : random.nextInt(pages);
                    in[p][k] = from;
                    out[from]++;
                }
            }
            return new Graph(pages, links, seed, in, out);
        }
    }

    private Graph graph() {
        if (graph == null) {
            graph = Graph.of(pages, links, seed);
        }
        return graph;
    }

    /** The ranks after {@code rounds} rounds, starting from the uniform vector. */
    public double[] solve(int rounds) {
        double[] ranks = new double[pages];
        Arrays.fill(ranks, 1.0 / pages);
        for (int round = 1; round <= rounds; round++) {
            double[] sums;
            if (shared != null) {
                shared.publish(round, ranks);
                sums = pull(round, 0, pages);
            } else {
                sums = pullPassed(ranks, 0, pages);
            }
            ranks = next(ranks, sums);
        }
        return ranks;
    }

    /** The new ranks: the damped link sums, plus the teleport and the rank of pages that link nowhere, spread evenly. */
    private double[] next(double[] ranks, double[] sums) {
        int[] out = graph().outDegree();
        double dangling = 0;
        for (int p = 0; p < pages; p++) {
            if (out[p] == 0) {
                dangling += ranks[p];
            }
        }
        double base = (1 - DAMPING) / pages + DAMPING * dangling / pages;
        double[] next = new double[pages];
        for (int p = 0; p < pages; p++) {
            next[p] = base + DAMPING * sums[p];
        }
        return next;
    }

    /** The link sums of pages {@code lo} to {@code hi} (excluded) for {@code round}, from the published ranks. */
    @Spawnable
    public double[] pull(int round, int lo, int hi) {
        if (hi - lo <= grain) {
            return sums(shared.ranks(), lo, hi);
        }
        int mid = (lo + hi) >>> 1;
        double[] a = pull(round, lo, mid);
        double[] b = pull(round, mid, hi);
        sync();
        return concat(a, b);
    }

    /** A job of {@link #pull} runs once its node's replica of the ranks is of its round. */
    public boolean guard_pull(int round, int lo, int hi) {
        return shared.round() == round;
    }

    /** {@link #pull} with the ranks passed down: a stolen job carries them. */
    @Spawnable
    public double[] pullPassed(double[] ranks, int lo, int hi) {
        if (hi - lo <= grain) {
            return sums(ranks, lo, hi);
        }
        int mid = (lo + hi) >>> 1;
        double[] a = pullPassed(ranks, lo, mid);
        double[] b = pullPassed(ranks, mid, hi);
        sync();
        return concat(a, b);
    }

    private double[] sums(double[] ranks, int lo, int hi) {
        Graph g = graph();
        double[] sums = new double[hi - lo];
        for (int p = lo; p < hi; p++) {
            double s = 0;
            for (int from : g.in()[p]) {
                s += ranks[from] / g.outDegree()[from];
            }
            sums[p - lo] = s;
        }
        return sums;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** Computes with these arguments (PAGES LINKS ROUNDS SEED [shared|passed]) or a preset's; returns what main prints. */
    public static String run(String... args) {
        List<String> p = arguments(args);
        int pages = AppArguments.integer(p.get(0), "PAGES", 2, 2_000_000);
        int links = AppArguments.integer(p.get(1), "LINKS", 1, 64);
        int rounds = AppArguments.integer(p.get(2), "ROUNDS", 1, 1_000);
        long seed = AppArguments.integer(p.get(3), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        boolean share = AppArguments.sharesBound(p, 4);
        double[] ranks = new PageRank(pages, links, seed, share).solve(rounds);
        return describe(pages, links, rounds, seed, ranks);
    }

    /** Refuses arguments {@link #run} would refuse, with the same message, without computing. */
    public static void checkArguments(String... args) {
        List<String> p = arguments(args);
        AppArguments.integer(p.get(0), "PAGES", 2, 2_000_000);
        AppArguments.integer(p.get(1), "LINKS", 1, 64);
        AppArguments.integer(p.get(2), "ROUNDS", 1, 1_000);
        AppArguments.integer(p.get(3), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        AppArguments.sharesBound(p, 4);
    }

    private static List<String> arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 4 && p.size() != 5) {
            throw new IllegalArgumentException("expected PAGES LINKS ROUNDS SEED [shared|passed] or a preset ("
                    + PRESETS.keySet() + "), not " + p);
        }
        return p;
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    /** The five pages of highest rank and the sum of all ranks, which is 1 up to rounding. */
    static String describe(int pages, int links, int rounds, long seed, double[] ranks) {
        Integer[] order = new Integer[pages];
        for (int p = 0; p < pages; p++) {
            order[p] = p;
        }
        Arrays.sort(order, (a, b) -> ranks[a] != ranks[b] ? Double.compare(ranks[b], ranks[a]) : Integer.compare(a, b));
        StringBuilder top = new StringBuilder();
        for (int i = 0; i < Math.min(5, pages); i++) {
            top.append(String.format(Locale.ROOT, "%s%d (%.12f)", i == 0 ? "" : ", ", order[i], ranks[order[i]]));
        }
        double sum = 0;
        for (double r : ranks) {
            sum += r;
        }
        if (Math.abs(sum - 1) > 1e-6) {
            throw new IllegalStateException("the ranks sum to " + sum + ", not 1");
        }
        return String.format(Locale.ROOT, "pagerank of %d pages (%d in-links on average, seed %d) after %d rounds:"
                + " top %s; sum of ranks %.15f", pages, links, seed, rounds, top, sum);
    }
}
