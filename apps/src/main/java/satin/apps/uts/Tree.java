package satin.apps.uts;

import java.util.Locale;

/**
 * The parameters of a UTS tree and the rule that gives a node its number of children, the same
 * arithmetic as the reference implementation (UTS 2.1) so that the same parameters give the same
 * tree. A node's random value is the low 31 bits of the last word of its state, as a probability
 * u = value / 2^31. Geometric trees draw from a geometric distribution whose mean b_i depends on
 * the depth through the shape function; binomial nodes have m children with probability q; hybrid
 * trees are geometric above a fraction of gen_mx and binomial below; balanced ones have b_0
 * children down to gen_mx. The branching factors depend on the depth only, so their logarithms are
 * computed once per depth, and where they leave nothing to the node's value (the depth limit) so
 * is the number of children; the functions are StrictMath's, whose results are the same on every
 * JVM.
 */
public final class Tree {

    static final int BINOMIAL = 0;
    static final int GEOMETRIC = 1;
    static final int HYBRID = 2;
    static final int BALANCED = 3;

    static final int LINEAR = 0;
    static final int EXPDEC = 1;
    static final int CYCLIC = 2;
    static final int FIXED = 3;

    /** The reference caps every node but a binomial root at this many children. */
    static final int MAX_CHILDREN = 100;

    private static final String[] TYPES = {"binomial", "geometric", "hybrid", "balanced"};
    private static final String[] SHAPES = {"linear decrease", "exponential decrease", "cyclic",
        "fixed branching factor"};
    private static final double TWO_TO_31 = 2147483648.0;
    private static final int TABLE_LIMIT = 4096;

    final int type;
    final double b0;
    final int rootSeed;
    final int shape;
    final int genMx;
    final double q;
    final int m;
    final double shiftDepth;
    final int granularity;
    /** log(1 - p) of the geometric distribution at each depth, for the depths a tree usually has. */
    private final double[] logKeep;
    /**
     * The number of children at each of those depths where it does not depend on the node, else
     * {@link #DEPENDS}: where log(1 - p) is infinite or NaN (a branching factor of 0, as at the
     * depth limit of a fixed or linear shape, where most nodes of such trees are) the quotient is
     * the same for every node, so the logarithm of the node's value need not be taken.
     */
    private final int[] countAt;
    private static final int DEPENDS = Integer.MAX_VALUE;

    Tree(int type, double b0, int rootSeed, int shape, int genMx, double q, int m, double shiftDepth, int granularity) {
        this.type = type;
        this.b0 = b0;
        this.rootSeed = rootSeed;
        this.shape = shape;
        this.genMx = genMx;
        this.q = q;
        this.m = m;
        this.shiftDepth = shiftDepth;
        this.granularity = granularity;
        int depths = type == GEOMETRIC || type == HYBRID ? tableSize() : 0;
        this.logKeep = new double[depths];
        this.countAt = new int[depths];
        for (int h = 0; h < depths; h++) {
            logKeep[h] = logKeepAt(h);
            countAt[h] = knownCount(logKeep[h]);
        }
    }

    private int tableSize() {
        long n = shape == CYCLIC ? 5L * genMx + 2 : shape == EXPDEC ? 4L * genMx + 64 : genMx + 2L;
        return (int) Math.min(n, TABLE_LIMIT);
    }

    /** The same tree with another compute granularity. */
    Tree withGranularity(int g) {
        return new Tree(type, b0, rootSeed, shape, genMx, q, m, shiftDepth, g);
    }

    /** Whether the two describe the same tree (the granularity changes only the work). */
    public boolean sameShape(Tree o) {
        return type == o.type && b0 == o.b0 && rootSeed == o.rootSeed && shape == o.shape && genMx == o.genMx
                && q == o.q && m == o.m && shiftDepth == o.shiftDepth;
    }

    /** The number of children of a node at depth {@code height} whose random value is {@code value}. */
    int numChildren(int value, int height) {
        int n;
        switch (type) {
            case BINOMIAL -> n = height == 0 ? (int) Math.floor(b0) : binomial(value);
            case GEOMETRIC -> n = geometric(value, height);
            case HYBRID -> n = height < shiftDepth * genMx ? geometric(value, height) : binomial(value);
            default -> n = height < genMx ? (int) b0 : 0;
        }
        if (height == 0 && type == BINOMIAL) {
            return Math.min(n, (int) Math.ceil(b0));
        }
        return type != BALANCED && n > MAX_CHILDREN ? MAX_CHILDREN : n;
    }

    private int binomial(int value) {
        return value / TWO_TO_31 < q ? m : 0;
    }

    private int geometric(int value, int height) {
        if (height >= logKeep.length) {
            return inverse(value, logKeepAt(height));
        }
        int known = countAt[height];
        return known != DEPENDS ? known : inverse(value, logKeep[height]);
    }

    /** The inverse of the geometric cumulative distribution at u = value / 2^31. */
    private static int inverse(int value, double keep) {
        return cInt(Math.floor(StrictMath.log(1 - value / TWO_TO_31) / keep));
    }

    /**
     * What {@link #inverse} gives for every value when {@code keep} is infinite or NaN: the
     * logarithm is finite and at most 0 for every value (0 at value 0), so the quotient is a zero
     * or NaN whatever it is. Checked at both ends of the range rather than argued.
     */
    private static int knownCount(double keep) {
        if (!Double.isInfinite(keep) && !Double.isNaN(keep)) {
            return DEPENDS;
        }
        int low = inverse(0, keep);
        int high = inverse(Integer.MAX_VALUE, keep);
        return low == high && low != DEPENDS ? low : DEPENDS;
    }

    /** log(1 - p) where p is the parameter of the geometric distribution whose mean is b_i. */
    private double logKeepAt(int depth) {
        double p = 1.0 / (1.0 + branching(depth));
        return StrictMath.log(1 - p);
    }

    /** The expected number of children at this depth: the shape function. */
    double branching(int depth) {
        if (depth == 0) {
            return b0;
        }
        return switch (shape) {
            case EXPDEC -> b0 * StrictMath.pow(depth, -StrictMath.log(b0) / StrictMath.log(genMx));
            case CYCLIC -> depth > 5 * genMx ? 0.0
                    : StrictMath.pow(b0, StrictMath.sin(2.0 * 3.141592653589793 * depth / genMx));
            case FIXED -> depth < genMx ? b0 : 0;
            default -> b0 * (1.0 - (double) depth / genMx);
        };
    }

    /**
     * A double converted to int as the reference's C cast does on x86 (cvttsd2si): NaN and values
     * out of range become Integer.MIN_VALUE, a node without children, where Java would saturate.
     */
    static int cInt(double x) {
        return x >= -2147483648.0 && x < TWO_TO_31 ? (int) x : Integer.MIN_VALUE;
    }

    /** The parameters, as the reference prints them. */
    public String describe() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%s tree, b_0 = %.1f, root seed = %d",
                TYPES[type], b0, rootSeed));
        if (type == GEOMETRIC || type == HYBRID) {
            s.append(String.format(Locale.ROOT, ", gen_mx = %d, shape = %s", genMx, SHAPES[shape]));
        }
        if (type == BINOMIAL || type == HYBRID) {
            s.append(String.format(Locale.ROOT, ", q = %f, m = %d", q, m));
        }
        if (type == HYBRID) {
            s.append(String.format(Locale.ROOT, ", geometric to depth %d", (int) Math.ceil(shiftDepth * genMx)));
        }
        if (type == BALANCED) {
            s.append(String.format(Locale.ROOT, ", gen_mx = %d", genMx));
        }
        return s.append(", compute granularity = ").append(granularity).toString();
    }
}
