// DIFFERENT found by seed 1315: run(3, 5) on one worker: expected ok 155 but was java.lang.ArithmeticException: m1 n=0 x=6163
package satin.random;

public class Generated extends satin.SatinObject {
    @satin.Spawnable public static long m0(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 6 == 4) throw new IllegalArgumentException("m0 n=" + n + " x=" + x);
            return x % 1000 + 1;
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        try {
            String s1 = Generated.m1(n - 1, x * 6 + 43);
            if (x % 4 == 1) throw new IllegalStateException("boom " + n);
            satin.Satin.sync();
        }
        catch (ArithmeticException e3) {
        }
        return acc * 31 + log.toString().hashCode();
    }
    @satin.Spawnable public static String m1(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 5 == 3) throw new ArithmeticException("m1 n=" + n + " x=" + x);
            return "leaf" + (x % 13);
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        String s18 = Generated.m1(n - 1, x * 9 + 25);
        String s19 = Generated.m1(n - 1, x * 9 + 45);
        satin.Satin.sync();
        acc = acc * 31 + s18.hashCode();
        acc = acc * 31 + s19.hashCode();
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
