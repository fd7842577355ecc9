// DIFFERENT found by seed 3272: run(3, 2) on one worker: expected java.lang.ArithmeticException: m1 n=2 x=21 but was ok s62
package satin.random;

public class Generated extends satin.SatinObject {
    @satin.Spawnable public static String m0(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 6 == 2) throw new IllegalStateException("m0 n=" + n + " x=" + x);
            return "leaf" + (x % 13);
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        String s0 = Generated.m1(n - 1, x * 3 + 15);
        try {
            satin.Satin.sync();
        }
        catch (RuntimeException e3) {
        }
        return "s" + (acc * 31 + log.toString().hashCode()) % 100003;
    }
    @satin.Spawnable public static String m1(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 2 == 0) throw new IllegalArgumentException("m1 n=" + n + " x=" + x);
            return "leaf" + (x % 13);
        }
        if (n == 2 && x % 3 == 0) throw new ArithmeticException("m1 n=" + n + " x=" + x);
        StringBuilder log = new StringBuilder();
        long acc = x;
        return "s" + (acc * 31 + log.toString().hashCode()) % 100003;
    }
    public static String run(int n, long x) {
        try {
            return "ok " + Generated.m0(n, x);
        }
        catch (RuntimeException e) {
            Throwable t = e instanceof satin.SpawnException && e.getCause() != null ? e.getCause() : e;
            return t.getClass().getName() + ": " + t.getMessage();
        }
    }
}
