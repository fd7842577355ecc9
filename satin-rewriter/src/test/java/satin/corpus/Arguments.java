package satin.corpus;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Arguments of every width and count: two-slot parameters before and after the spawn's own, more
 * arguments than a slot holds (the spawn builds its record), references and primitives mixed.
 */
public class Arguments extends SatinObject {

    @Spawnable
    public double mix(long a, double b, int c, float d) {
        return a + b * c - d;
    }

    @Spawnable
    public long many(long a, long b, long c, long d, long e, int f) {
        return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f;
    }

    @Spawnable
    public String refs(String a, Object b, int[] c, Long d, String e) {
        return a + b + c.length + d + e;
    }

    @Spawnable
    public long tree(long seed, double weight, int depth) {
        if (depth == 0) {
            return seed + (long) weight;
        }
        long left = tree(seed * 3, weight / 2, depth - 1);
        long right = tree(seed * 5 + 1, weight * 1.5, depth - 1);
        sync();
        return left ^ right;
    }

    /** Two-slot locals around the spawns shift every slot the rewriter adds. */
    public String caseWideParameters(long bias, double scale) {
        double x = mix(bias, scale, 3, 0.5f);
        long y = many(bias, 2, 3, 4, 5, 6);
        double z = mix(-bias, scale * 2, 7, 1.25f);
        sync();
        return x + " " + y + " " + z;
    }

    public String caseWide() {
        return caseWideParameters(1_000_000_007L, 0.75);
    }

    public String caseTooManyForASlot() {
        long a = many(1, 2, 3, 4, 5, 6);
        String b = refs("x", 1.5, new int[3], 9L, "y");
        sync();
        return a + b;
    }

    public long caseTree() {
        return tree(7, 1000.0, 12);
    }
}
