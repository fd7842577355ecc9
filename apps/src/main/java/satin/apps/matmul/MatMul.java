package satin.apps.matmul;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * Multiplies two n x n matrices by recursive subdivision into quadrants (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section 4):
 * each of the eight block products of C11 = A11 B11 + A12 B21 etc. is a spawn that returns its
 * block, so a job stolen by another machine needs nothing but its arguments; blocks of at most
 * {@code leaf} rows are multiplied by {@link Kernel}. The entries are small integers held in
 * doubles, so every sum is exact and the product can be checked exactly.
 */
public class MatMul extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("384", "48", "1"),
            "medium", List.of("1536", "48", "1"),
            "large", List.of("3072", "48", "1"));

    /** Entries of the inputs lie in [-RANGE, RANGE]. */
    static final int RANGE = 9;

    private final int leaf;

    public MatMul(int leaf) {
        if (leaf < 2) {
            throw new IllegalArgumentException("leaf must be at least 2, not " + leaf);
        }
        this.leaf = leaf;
    }

    /** The product of the n x n row-major matrices a and b. */
    @Spawnable
    public double[] multiply(double[] a, double[] b, int n) {
        if (n <= leaf) {
            return Kernel.multiply(a, b, n);
        }
        int h = n / 2;
        double[] a11 = quadrant(a, n, 0, 0), a12 = quadrant(a, n, 0, h);
        double[] a21 = quadrant(a, n, h, 0), a22 = quadrant(a, n, h, h);
        double[] b11 = quadrant(b, n, 0, 0), b12 = quadrant(b, n, 0, h);
        double[] b21 = quadrant(b, n, h, 0), b22 = quadrant(b, n, h, h);
        double[] p1 = multiply(a11, b11, h);
        double[] p2 = multiply(a12, b21, h);
        double[] p3 = multiply(a11, b12, h);
        double[] p4 = multiply(a12, b22, h);
        double[] p5 = multiply(a21, b11, h);
        double[] p6 = multiply(a22, b21, h);
        double[] p7 = multiply(a21, b12, h);
        double[] p8 = multiply(a22, b22, h);
        sync();
        double[] c = new double[n * n];
        addInto(c, n, 0, 0, p1, p2);
        addInto(c, n, 0, h, p3, p4);
        addInto(c, n, h, 0, p5, p6);
        addInto(c, n, h, h, p7, p8);
        return c;
    }

    /** A copy of the h x h block of m (n x n) whose top left corner is (row, col), h = n / 2. */
    static double[] quadrant(double[] m, int n, int row, int col) {
        int h = n / 2;
        double[] q = new double[h * h];
        for (int i = 0; i < h; i++) {
            System.arraycopy(m, (row + i) * n + col, q, i * h, h);
        }
        return q;
    }

    /** Writes x + y (both h x h) into the block of c (n x n) at (row, col). */
    static void addInto(double[] c, int n, int row, int col, double[] x, double[] y) {
        int h = n / 2;
        for (int i = 0; i < h; i++) {
            int to = (row + i) * n + col;
            int from = i * h;
            for (int j = 0; j < h; j++) {
                c[to + j] = x[from + j] + y[from + j];
            }
        }
    }

    /** An n x n matrix of integers in [-RANGE, RANGE], as doubles. */
    static double[] randomMatrix(int n, SplittableRandom random) {
        double[] m = new double[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = random.nextInt(-RANGE, RANGE + 1);
        }
        return m;
    }

    /** Computes with these arguments, or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        Args a = arguments(args);
        int n = a.n();
        int leaf = a.leaf();
        long seed = a.seed();
        SplittableRandom random = new SplittableRandom(seed);
        double[] x = randomMatrix(n, random);
        double[] y = randomMatrix(n, random);
        double[] product = new MatMul(leaf).multiply(x, y, n);
        Check.verify(x, y, product, n, seed);
        return "matmul n=" + n + " leaf=" + leaf + " seed=" + seed + ": checksum " + Check.checksum(product)
                + ", verified (Freivalds, 4 vectors, exact)";
    }

    /** Halving must reach a block of at most leaf rows through even sizes only. */
    static void checkSize(int n, int leaf) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be positive, not " + n);
        }
        if (leaf < 2) {
            throw new IllegalArgumentException("leaf must be at least 2, not " + leaf);
        }
        for (int m = n; m > leaf; m /= 2) {
            if (m % 2 != 0) {
                throw new IllegalArgumentException("n=" + n + " cannot be halved down to blocks of at most leaf="
                        + leaf + " rows (odd size " + m + "); expected n = k * 2^j with k <= leaf");
            }
        }
        if ((long) n * n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("n=" + n + " is too large for one array; expected at most 46000");
        }
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int n, int leaf, long seed) {
    }

    private static Args arguments(String... args) {
        List<String> a = AppArguments.of(PRESETS, args);
        if (a.size() > 3) {
            throw new IllegalArgumentException("expected arguments N [LEAF [SEED]] or a preset "
                    + PRESETS.keySet() + ", not " + a);
        }
        int n = AppArguments.integer(a.get(0), "n", Integer.MIN_VALUE, Integer.MAX_VALUE);
        int leaf = a.size() > 1 ? AppArguments.integer(a.get(1), "leaf", Integer.MIN_VALUE, Integer.MAX_VALUE) : 48;
        long seed = a.size() > 2 ? AppArguments.integer(a.get(2), "seed", Long.MIN_VALUE, Long.MAX_VALUE) : 1;
        checkSize(n, leaf);
        return new Args(n, leaf, seed);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
