package satin.apps.integrate;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * Adaptive integration of {@link #f} over an interval: the trapezoid of an interval is compared
 * with the trapezoids of its two halves, and an interval whose halves disagree with it by
 * {@code epsilon} or more is halved again. Intervals at least {@code threshold} wide spawn their
 * halves; narrower ones recurse sequentially. Halves are combined in the same order everywhere, so
 * the sum is the same bit for bit however the jobs ran.
 */
public class Integrate extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("0", "50", "1e-10", "1"),
            "medium", List.of("0", "200", "1e-12", "1"),
            "large", List.of("0", "1500", "1e-13", "1"));

    /** Sine terms in f: enough arithmetic per evaluation that a leaf is worth more than a spawn. */
    static final int TERMS = 16;

    private final double epsilon;
    private final double threshold;

    public Integrate(double epsilon, double threshold) {
        this.epsilon = epsilon;
        this.threshold = threshold;
    }

    /** The integrand: a sum of sines whose antiderivative is known, for the check. StrictMath, so every JVM agrees. */
    static double f(double x) {
        double sum = 0;
        for (int k = 1; k <= TERMS; k++) {
            sum += StrictMath.sin(k * x) / k;
        }
        return sum;
    }

    /** The exact integral of f from a to b. */
    static double exact(double a, double b) {
        double sum = 0;
        for (int k = 1; k <= TERMS; k++) {
            sum += (StrictMath.cos(k * a) - StrictMath.cos(k * b)) / ((double) k * k);
        }
        return sum;
    }

    /** The integral from a to b and the number of intervals it was summed from. */
    public double[] integrate(double a, double b) {
        double fa = f(a);
        double fb = f(b);
        return interval(a, b, fa, fb, (fa + fb) * (b - a) / 2);
    }

    /** {@code whole} is the trapezoid of [a, b]; returns the integral and the count of intervals summed. */
    @Spawnable
    public double[] interval(double a, double b, double fa, double fb, double whole) {
        if (b - a < threshold) {
            long[] leaves = new long[1];
            double value = sequential(a, b, fa, fb, whole, epsilon, leaves);
            return new double[] {value, leaves[0]};
        }
        double m = (a + b) / 2;
        double fm = f(m);
        double left = (fa + fm) * (m - a) / 2;
        double right = (fm + fb) * (b - m) / 2;
        if (accurate(a, m, b, left + right, whole, epsilon)) {
            return new double[] {left + right, 1};
        }
        double[] l = interval(a, m, fa, fm, left);
        double[] r = interval(m, b, fm, fb, right);
        sync();
        return new double[] {l[0] + r[0], l[1] + r[1]};
    }

    static double sequential(double a, double b, double fa, double fb, double whole, double epsilon, long[] leaves) {
        double m = (a + b) / 2;
        double fm = f(m);
        double left = (fa + fm) * (m - a) / 2;
        double right = (fm + fb) * (b - m) / 2;
        if (accurate(a, m, b, left + right, whole, epsilon)) {
            leaves[0]++;
            return left + right;
        }
        return sequential(a, m, fa, fm, left, epsilon, leaves) + sequential(m, b, fm, fb, right, epsilon, leaves);
    }

    /** Halves that agree with the whole, or an interval too narrow for doubles to halve. */
    private static boolean accurate(double a, double m, double b, double halves, double whole, double epsilon) {
        return Math.abs(halves - whole) < epsilon || m <= a || m >= b;
    }

    /**
     * Computes with these arguments (A B EPSILON THRESHOLD), or those of a preset named as the only
     * argument; returns what main prints.
     */
    public static String run(String... args) {
        Args x = arguments(args);
        double a = x.a();
        double b = x.b();
        double epsilon = x.epsilon();
        double threshold = x.threshold();
        double[] result = new Integrate(epsilon, threshold).integrate(a, b);
        return describe(a, b, epsilon, result[0], (long) result[1]);
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(double a, double b, double epsilon, double threshold) {
    }

    private static Args arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 4) {
            throw new IllegalArgumentException("expected A B EPSILON THRESHOLD or a preset (" + PRESETS.keySet() + "), not " + p);
        }
        double a = AppArguments.number(p.get(0), "A", -1e6, 1e6);
        double b = AppArguments.number(p.get(1), "B", -1e6, 1e6);
        if (b <= a) {
            throw new IllegalArgumentException("B must be greater than A (" + a + "), not " + b);
        }
        double epsilon = AppArguments.number(p.get(2), "EPSILON", 1e-15, 1);
        double threshold = AppArguments.number(p.get(3), "THRESHOLD", 0, 1e12);
        return new Args(a, b, epsilon, threshold);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    /**
     * Each interval's halves agreed with it within epsilon, and the halves' error is about a third of
     * that difference; so the sum is within epsilon per interval of the exact integral.
     */
    static String describe(double a, double b, double epsilon, double value, long intervals) {
        double error = Math.abs(value - exact(a, b));
        if (!(error <= epsilon * intervals)) {
            throw new IllegalStateException(String.format(Locale.ROOT,
                    "the integral %.17g is off by %.3g, more than epsilon %.1g times %d intervals", value, error, epsilon, intervals));
        }
        return String.format(Locale.ROOT, "integral of f from %s to %s = %.15f (epsilon %s, %d intervals), "
                + "verified: within epsilon per interval of the exact value", fmt(a), fmt(b), value, fmt(epsilon), intervals);
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
