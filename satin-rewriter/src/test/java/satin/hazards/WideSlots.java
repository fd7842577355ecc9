package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/** long and double take two local slots and two stack words: every offset around them must be right. */
public class WideSlots extends SatinObject {

    @Spawnable
    public double blend(double a, long b, double c, int d) {
        return a * b + c / (d + 1);
    }

    @Spawnable
    public long fold(long acc, double scale, long step, int depth) {
        if (depth == 0) {
            return acc + (long) (scale * 1000);
        }
        long left = fold(acc * 3 + step, scale / 2, step + 1, depth - 1);
        double mid = blend(scale, step, acc, depth);
        long right = fold(acc ^ step, scale * 1.25, step * 2, depth - 1);
        sync();
        return left + right + (long) mid;
    }

    public long caseFold() {
        return fold(17, 3.5, 5, 9);
    }

    /** Two-slot parameters, two-slot locals between the spawns, two-slot targets. */
    public String caseMixed(long p, double q) {
        double d1 = blend(q, p, 0.5, 3);
        long between = p * 7;
        double padding = q / 3;
        long l1 = fold(between, padding, 2, 4);
        double d2 = blend(padding, between, q, 9);
        sync();
        return d1 + " " + l1 + " " + d2 + " " + between + " " + padding;
    }

    public String caseMixedCall() {
        return caseMixed(123_456_789_012L, 2.75);
    }

    public String caseWideArrays() {
        double[] ds = new double[7];
        long[] ls = new long[7];
        for (int i = 0; i < 7; i++) {
            ds[i] = blend(i, i * 2L, i / 3.0, i);
            ls[i] = fold(i, i * 0.5, i + 1, 2);
        }
        sync();
        return java.util.Arrays.toString(ds) + java.util.Arrays.toString(ls);
    }
}
