package satin.apps.matmul;

/**
 * The sequential multiplication of a leaf block: two rows of A against two columns of B at a
 * time, so four sums stay in registers and each loaded element is used twice (van Nieuwpoort, Kielmann and Bal, PPoPP 2001, section
 * 4). Public because the tests load the sequential MatMul in a class loader of its own, which
 * shares this class with the rewritten program across a package boundary of the JVM.
 */
public final class Kernel {

    private Kernel() {
    }

    /** The product of the n x n row-major matrices a and b, any n. */
    public static double[] multiply(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        int evenRows = n & ~1;
        int evenCols = n & ~1;
        for (int i = 0; i < evenRows; i += 2) {
            for (int j = 0; j < evenCols; j += 2) {
                twoByTwo(a, b, c, n, i, j);
            }
            if (evenCols < n) {
                c[i * n + n - 1] = dot(a, b, n, i, n - 1);
                c[(i + 1) * n + n - 1] = dot(a, b, n, i + 1, n - 1);
            }
        }
        if (evenRows < n) {
            for (int j = 0; j < n; j++) {
                c[(n - 1) * n + j] = dot(a, b, n, n - 1, j);
            }
        }
        return c;
    }

    private static void twoByTwo(double[] a, double[] b, double[] c, int n, int i, int j) {
        double c00 = 0, c01 = 0, c10 = 0, c11 = 0;
        int row0 = i * n;
        int row1 = row0 + n;
        for (int k = 0, bk = j; k < n; k++, bk += n) {
            double a0 = a[row0 + k];
            double a1 = a[row1 + k];
            double b0 = b[bk];
            double b1 = b[bk + 1];
            c00 += a0 * b0;
            c01 += a0 * b1;
            c10 += a1 * b0;
            c11 += a1 * b1;
        }
        c[row0 + j] = c00;
        c[row0 + j + 1] = c01;
        c[row1 + j] = c10;
        c[row1 + j + 1] = c11;
    }

    private static double dot(double[] a, double[] b, int n, int i, int j) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += a[i * n + k] * b[k * n + j];
        }
        return s;
    }
}
