package satin.deploy.report;

import java.util.Arrays;
import java.util.Locale;

/**
 * What the repetitions of a cell say about one quantity: their median, the smallest and largest
 * value, and how many there were. The range is reported rather than a confidence interval because
 * three to five repetitions give no distribution to fit; two cells whose ranges overlap cannot be
 * told apart by these runs.
 *
 * @param median the median, NaN when there are no values
 * @param min    the smallest value
 * @param max    the largest value
 * @param n      how many values (NaN ones left out)
 */
public record Spread(double median, double min, double max, int n) {

    static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

    /** The spread of {@code values}, NaN ones left out. */
    public static Spread of(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length == 0) {
            return NONE;
        }
        int m = v.length / 2;
        return new Spread(v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2, v[0], v[v.length - 1], v.length);
    }

    /**
     * {@code numerator / denominator} for two spreads: the ratio of medians, and the widest range
     * the runs allow (smallest over largest to largest over smallest); it has a range as soon as
     * either side has one, hence the larger count.
     */
    public static Spread ratio(Spread numerator, Spread denominator) {
        if (numerator.n == 0 || denominator.n == 0) {
            return NONE;
        }
        return new Spread(numerator.median / denominator.median, numerator.min / denominator.max,
                numerator.max / denominator.min, Math.max(numerator.n, denominator.n));
    }

    /** Whether the two ranges share a value: then these runs cannot say which is larger. */
    public boolean overlaps(Spread other) {
        return n > 0 && other.n > 0 && min <= other.max && other.min <= max;
    }

    /** Whether {@code value} lies within the range. */
    public boolean contains(double value) {
        return n > 0 && min <= value && value <= max;
    }

    /** The range as text, "[min-max]" with {@code decimals} decimals, empty for fewer than two values. */
    public String range(int decimals) {
        if (n < 2) {
            return "";
        }
        String f = "%." + decimals + "f";
        return String.format(Locale.ROOT, "[" + f + "-" + f + "]", min, max);
    }
}
