package satin.apps.matmul;

import java.util.SplittableRandom;

/**
 * Checks a product without a second multiplication (Freivalds): for random vectors v, C v must
 * equal A (B v). The entries are integers, so this is done exactly in longs, and a wrong product
 * escapes one vector of entries in [-1000, 1000] with probability at most 1/2001.
 */
public final class Check {
    // Public for the same reason as Kernel: the sequential MatMul sees it from another class loader.


    private static final int VECTORS = 4;

    private Check() {
    }

    /** Throws if c is not a times b. */
    public static void verify(double[] a, double[] b, double[] c, int n, long seed) {
        if (c.length != n * n) {
            throw new IllegalStateException("the product has " + c.length + " entries, expected " + n * n);
        }
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int t = 0; t < VECTORS; t++) {
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = random.nextInt(-1000, 1001);
            }
            long[] left = times(c, v, n);
            long[] right = times(a, times(b, v, n), n);
            for (int i = 0; i < n; i++) {
                if (left[i] != right[i]) {
                    throw new IllegalStateException("wrong product: row " + i + " of C v is " + left[i]
                            + ", of A (B v) " + right[i]);
                }
            }
        }
    }

    private static long[] times(double[] m, long[] v, int n) {
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
            long s = 0;
            for (int k = 0; k < n; k++) {
                s += exact(m[i * n + k]) * v[k];
            }
            r[i] = s;
        }
        return r;
    }

    private static long exact(double x) {
        long l = (long) x;
        if (l != x) {
            throw new IllegalStateException("entry " + x + " is not an integer: the product is wrong");
        }
        return l;
    }

    /** A digest of every entry and its position, as 16 hex digits. */
    public static String checksum(double[] c) {
        long h = 0;
        for (int i = 0; i < c.length; i++) {
            h = h * 0x9E3779B97F4A7C15L + (long) c[i] + i;
        }
        return String.format("%016x", h);
    }
}
