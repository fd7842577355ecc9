// DIFFERENT found by seed 1820: run(2, 1) on one worker: expected java.lang.IllegalArgumentException: m0 n=0 x=169 but was ok s31
package satin.random;

public class Generated extends satin.SatinObject {
    @satin.Spawnable public static String m0(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 4 == 1) throw new IllegalArgumentException("m0 n=" + n + " x=" + x);
            return "leaf" + (x % 13);
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        switch ((int) (x % 3)) {
            case 1 -> {
                String s3 = Generated.m0(n - 1, x * 7 + 15);
                try {
                    satin.Satin.sync();
                }
                catch (RuntimeException e6) {
                }
            }
        }
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
