// NOT_LOADED found by seed 8: java.lang.ClassFormatError: Illegal exception table range in class file satin/random/G346
package satin.random;

public class Generated extends satin.SatinObject {
    public static final class Box { public long v; public String s; }
    @satin.Spawnable public static String m0(int n, long x) {
        StringBuilder log = new StringBuilder();
        long acc = x;
        switch ((int) (x % 3)) {
            case 0 -> {
                try {
                    Box b6 = new Box();
                    b6.s = Generated.m0(n - 1, x * 9 + 7);
                }
                finally {
                }
            }
            case 1 -> {
                try {
                    satin.Satin.sync();
                }
                catch (ArithmeticException e11) {
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
