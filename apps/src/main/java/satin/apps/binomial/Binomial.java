package satin.apps.binomial;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * The binomial coefficient C(n, k) by Pascal's rule, C(n, k) = C(n - 1, k - 1) + C(n - 1, k): a
 * tree of about 2 C(n, k) calls whose leaves are the ones at the edges of the triangle. Calls with
 * n at or above the threshold spawn both terms; below it the same recursion runs sequentially.
 */
public class Binomial extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("28", "14", "18"),
            "medium", List.of("32", "16", "20"),
            "large", List.of("36", "18", "22"));

    /** C(66, 33) is the largest central coefficient that fits a long. */
    static final int MAX_N = 66;

    private final int threshold;

    public Binomial(int threshold) {
        this.threshold = threshold;
    }

    @Spawnable
    public long choose(int n, int k) {
        if (n < threshold || k == 0 || k == n) {
            return sequential(n, k);
        }
        long x = choose(n - 1, k - 1);
        long y = choose(n - 1, k);
        sync();
        return x + y;
    }

    static long sequential(int n, int k) {
        if (k == 0 || k == n) {
            return 1;
        }
        return sequential(n - 1, k - 1) + sequential(n - 1, k);
    }

    /** n (n - 1) ... (n - k + 1) / k!, exactly: shares nothing with Pascal's rule. */
    static BigInteger multiplicative(int n, int k) {
        BigInteger result = BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            result = result.multiply(BigInteger.valueOf(n - k + i)).divide(BigInteger.valueOf(i));
        }
        return result;
    }

    /**
     * Computes with these arguments (N K THRESHOLD), or those of a preset named as the only
     * argument; returns what main prints.
     */
    public static String run(String... args) {
        Args a = arguments(args);
        int n = a.n();
        int k = a.k();
        int threshold = a.threshold();
        long result = new Binomial(threshold).choose(n, k);
        BigInteger expected = multiplicative(n, k);
        if (!expected.equals(BigInteger.valueOf(result))) {
            throw new IllegalStateException("C(" + n + ", " + k + ") came out " + result + ", not " + expected);
        }
        return "C(" + n + ", " + k + ") = " + result + " (spawn threshold " + threshold
                + "), verified by the multiplicative formula";
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int n, int k, int threshold) {
    }

    private static Args arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 3) {
            throw new IllegalArgumentException("expected N K THRESHOLD or a preset (" + PRESETS.keySet() + "), not " + p);
        }
        int n = AppArguments.integer(p.get(0), "N", 0, MAX_N);
        int k = AppArguments.integer(p.get(1), "K", 0, n);
        int threshold = AppArguments.integer(p.get(2), "THRESHOLD", 1, Integer.MAX_VALUE);
        return new Args(n, k, threshold);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
