package satin.corpus;

import static satin.Satin.sync;

import java.util.Objects;
import satin.Spawnable;

/**
 * Spawns in loops whose results go to array elements of every type (record form), with the
 * statically imported sync() and static spawnable methods.
 */
public final class Arrays {

    private Arrays() {
    }

    @Spawnable
    public static int square(int i) {
        return i * i;
    }

    @Spawnable
    public static long cube(long i) {
        return i * i * i;
    }

    @Spawnable
    public static double root(double d) {
        return Math.sqrt(d);
    }

    @Spawnable
    public static float half(float f) {
        return f / 2;
    }

    @Spawnable
    public static boolean odd(int i) {
        return (i & 1) == 1;
    }

    @Spawnable
    public static byte low(int i) {
        return (byte) i;
    }

    @Spawnable
    public static char letter(int i) {
        return (char) ('a' + i % 26);
    }

    @Spawnable
    public static short neg(int i) {
        return (short) -i;
    }

    @Spawnable
    public static String name(int i) {
        return "n" + i;
    }

    public static String caseIntArray() {
        int[] r = new int[17];
        for (int i = 0; i < r.length; i++) {
            r[i] = square(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseLongArray() {
        long[] r = new long[13];
        for (int i = 0; i < r.length; i++) {
            r[i] = cube(i + 1000L);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseDoubleArray() {
        double[] r = new double[11];
        for (int i = 0; i < r.length; i++) {
            r[i] = root(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseFloatArray() {
        float[] r = new float[9];
        for (int i = 0; i < r.length; i++) {
            r[i] = half(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseBooleanArray() {
        boolean[] r = new boolean[10];
        for (int i = 0; i < r.length; i++) {
            r[i] = odd(i);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseByteArray() {
        byte[] r = new byte[10];
        for (int i = 0; i < r.length; i++) {
            r[i] = low(i * 40);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseCharArray() {
        char[] r = new char[30];
        for (int i = 0; i < r.length; i++) {
            r[i] = letter(i);
        }
        sync();
        return new String(r);
    }

    public static String caseShortArray() {
        short[] r = new short[8];
        for (int i = 0; i < r.length; i++) {
            r[i] = neg(i * 1000);
        }
        sync();
        return java.util.Arrays.toString(r);
    }

    public static String caseStringArray() {
        String[] r = new String[12];
        for (int i = 0; i < r.length; i++) {
            r[i] = name(i);
        }
        sync();
        return String.join("|", r);
    }

    /** A reference array typed as its supertype, and a widening conversion at each element. */
    public static String caseWideningIntoArray() {
        Object[] names = new String[5];
        double[] squares = new double[5];
        for (int i = 0; i < 5; i++) {
            names[i] = name(i);
            squares[i] = square(i);
        }
        sync();
        return java.util.Arrays.toString(names) + java.util.Arrays.toString(squares);
    }

    /** Two-dimensional: the element of an inner array, picked by two indices evaluated at the spawn. */
    public static String caseMatrix() {
        long[][] m = new long[4][5];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 5; j++) {
                m[i][j] = cube(i * 10 + j);
            }
        }
        sync();
        return java.util.Arrays.deepToString(m);
    }

    /** The index expression is evaluated at the spawn, as in the sequential program. */
    public static String caseIndexEvaluatedAtSpawn() {
        int[] r = new int[6];
        int k = 0;
        while (k < 6) {
            r[k++] = square(k);
        }
        sync();
        return java.util.Arrays.toString(r) + " k=" + k;
    }

    public static int caseHash() {
        return Objects.hash(caseIntArray(), caseLongArray());
    }
}
