// REWRITER_CRASHED found by seed 73 (a generator before nesting was bounded): LimitExceededException, too many operations
// computing the frames of m0 (2,784 instructions, 55 handlers); run() added back after shrinking
package satin.random;

public class Generated extends satin.SatinObject {
    public static final class Box { public long v; public String s; }
    public static final class Res implements AutoCloseable {
        private final StringBuilder log; private final String name;
        public Res(StringBuilder log, String name) { this.log = log; this.name = name; }
        @Override public void close() { log.append("close ").append(name).append(';'); }
    }
    @satin.Spawnable public long m0(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 6 == 5) throw new ArithmeticException("m0 n=" + n + " x=" + x);
            return x % 1000 + 1;
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        try {
            try (Res res13 = new Res(log, "14")) {
                long[] r0 = new long[2];
                for (int i1 = 0; i1 < 2; i1++) {
                    r0[i1] = Generated.m1(n - 1, (x + i1) * 7 + 32);
                }
                sync();
                acc = acc * 31 + java.util.Arrays.hashCode(r0);
                switch ((int) (x % 3)) {
                    case 0 -> {
                        long[] r2 = new long[2];
                        for (int i3 = 0; i3 < 2; i3++) {
                            r2[i3] = m0(n - 1, (x + i3) * 9 + 27);
                        }
                        sync();
                        acc = acc * 31 + java.util.Arrays.hashCode(r2);
                    }
                    case 1 -> {
                        switch ((int) (x % 3)) {
                            case 0 -> {
                                switch ((int) (x % 3)) {
                                    case 1 -> {
                                        switch ((int) (x % 3)) {
                                            case 0 -> {
                                                switch ((int) (x % 3)) {
                                                    case 0 -> {
                                                        switch ((int) (x % 3)) {
                                                            case 0 -> {
                                                                long a6 = Generated.m1(n - 1, x * 3 + 18);
                                                                long a7 = m0(n - 1, x * 6 + 1);
                                                                Long a8 = Generated.m1(n - 1, x * 4 + 32);
                                                                ;
                                                                sync();
                                                                acc = acc * 31 + a6;
                                                                acc = acc * 31 + a7;
                                                                acc = acc * 31 + a8;
                                                            }
                                                            case 1 -> {
                                                                Box b9 = new Box();
                                                                b9.v = m0(n - 1, x * 5 + 31);
                                                                sync();
                                                                acc = acc * 31 + b9.v + (b9.s == null ? 0 : b9.s.hashCode());
                                                            }
                                                            default -> acc += 5;
                                                        }
                                                    }
                                                    case 1 -> {
                                                        Box b10 = new Box();
                                                        b10.v = Generated.m1(n - 1, x * 7 + 17);
                                                        sync();
                                                        acc = acc * 31 + b10.v + (b10.s == null ? 0 : b10.s.hashCode());
                                                    }
                                                    default -> acc += 5;
                                                }
                                            }
                                            case 1 -> {
                                                Box b11 = new Box();
                                                b11.v = m0(n - 1, x * 5 + 32);
                                                sync();
                                                acc = acc * 31 + b11.v + (b11.s == null ? 0 : b11.s.hashCode());
                                            }
                                            default -> acc += 5;
                                        }
                                    }
                                    default -> acc += 5;
                                }
                            }
                            case 1 -> {
                                Box b12 = new Box();
                                b12.v = m0(n - 1, x * 7 + 14);
                                sync();
                                acc = acc * 31 + b12.v + (b12.s == null ? 0 : b12.s.hashCode());
                            }
                            default -> acc += 5;
                        }
                    }
                    default -> acc += 5;
                }
            }
            catch (IllegalArgumentException e14) {
                log.append("IllegalArgumentException ").append(e14.getMessage()).append(';');
            }
            catch (ArithmeticException e15) {
                log.append("ArithmeticException ").append(e15.getMessage()).append(';');
            }
        }
        catch (ArithmeticException e16) {
            log.append("ArithmeticException ").append(e16.getMessage()).append(';');
        }
        catch (IllegalArgumentException e17) {
            log.append("IllegalArgumentException ").append(e17.getMessage()).append(';');
        }
        long a18 = Generated.m1(n - 1, x * 8 + 19);
        Long a19 = m0(n - 1, x * 7 + 29);
        if (x % 5 == 1) throw new IllegalStateException("boom " + n);
        sync();
        acc = acc * 31 + a18;
        acc = acc * 31 + a19;
        return acc * 31 + log.toString().hashCode();
    }
    @satin.Spawnable public static long m1(int n, long x) {
        if (n <= 0) {
            if (n <= 0 && x % 4 == 1) throw new ArithmeticException("m1 n=" + n + " x=" + x);
            return x % 1000 + 1;
        }
        StringBuilder log = new StringBuilder();
        long acc = x;
        return acc * 31 + log.toString().hashCode();
    }
    public static String run(int n, long x) {
        try {
            return "ok " + new Generated().m0(n, x);
        }
        catch (RuntimeException e) {
            Throwable t = e instanceof satin.SpawnException && e.getCause() != null ? e.getCause() : e;
            return t.getClass().getName() + ": " + t.getMessage();
        }
    }
}
