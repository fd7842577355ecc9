package satin.hazards;

import java.util.Arrays;
import satin.SatinObject;
import satin.Spawnable;
import satin.corpus.ByReference;

/**
 * Receivers and targets a new user reaches for: a spawnable inherited from a superclass called
 * through super, receivers that are a field or an array element, an enum's spawnable method,
 * results into fields of array elements, static spawns from instance ones and back, arguments
 * that are conditional expressions, a lambda that spawns and syncs, results into char, byte,
 * short and boolean elements, and five wide arguments.
 */
public class UserReceivers extends SatinObject {

    public static class Base extends SatinObject {
        @Spawnable
        public long twice(int n) {
            return 2L * n;
        }
    }

    public static class Derived extends Base {
        @Override
        public long twice(int n) {
            long a = super.twice(n);
            long b = super.twice(n + 1);
            sync();
            return a + b + 1000;
        }
    }

    public enum Planet {
        MERCURY(1), VENUS(2), EARTH(3);

        private final int k;

        Planet(int k) {
            this.k = k;
        }

        @Spawnable
        public long weight(int n) {
            if (n < 2) {
                return n + k;
            }
            long a = weight(n - 1);
            long b = weight(n - 2);
            satin.Satin.sync();
            return a + b;
        }
    }

    /** Objects that hold the receivers of spawns in a field and in array elements. */
    public static class Family {
        public final Base child = new Derived();
        public final Base[] kids = {new Base(), new Derived(), new Base()};
    }

    @Spawnable
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    public String caseEnum() {
        long[] r = new long[Planet.values().length];
        for (Planet p : Planet.values()) {
            r[p.ordinal()] = p.weight(10);
        }
        sync();
        return Arrays.toString(r);
    }

    @ByReference("a receiver of a subclass no record declares may not travel")
    public String caseReceiverFieldAndElement() {
        Base[] kids = new Family().kids;
        long a = new Family().child.twice(3);
        long[] r = new long[kids.length];
        for (int i = 0; i < kids.length; i++) {
            r[i] = kids[i].twice(i);
        }
        sync();
        return a + " " + Arrays.toString(r);
    }

    public String caseResultIntoFieldOfElement() {
        Holder[] hs = {new Holder(), new Holder()};
        hs[0].v = fib(10);
        hs[1].v = fib(11);
        hs[0].w = fib(12);
        sync();
        return hs[0].v + " " + hs[1].v + " " + hs[0].w;
    }

    public static class Holder {
        public long v;
        public double w;
    }

    public String caseStaticAndInstanceMix() {
        long a = sfib(10);
        long b = fib(10);
        sync();
        return a + " " + b;
    }

    @Spawnable
    public static long sfib(int n) {
        if (n < 2) {
            return n;
        }
        long x = sfib(n - 1);
        long y = new UserReceivers().fib(n - 2);
        satin.Satin.sync();
        return x + y;
    }

    public String caseTernaryArguments() {
        int n = 9;
        long a = fib(n > 5 ? n - 1 : n + 1);
        long b = fib(n < 5 ? 1 : 2);
        sync();
        return a + " " + b;
    }

    public String caseSpawnInLambdaRunnable() {
        long[] out = new long[2];
        Runnable r = () -> {
            out[0] = sfib(12);
            out[1] = sfib(13);
            satin.Satin.sync();
        };
        r.run();
        return Arrays.toString(out);
    }

    public String caseCharAndByteTargets() {
        char[] cs = new char[3];
        byte[] bs = new byte[3];
        short[] ss = new short[3];
        boolean[] zs = new boolean[3];
        cs[0] = letter(1);
        bs[1] = small(3);
        ss[2] = medium(4);
        zs[0] = flag(1);
        zs[1] = flag(2);
        sync();
        return new String(cs).replace('\0', '_') + Arrays.toString(bs) + Arrays.toString(ss) + Arrays.toString(zs);
    }

    @Spawnable
    public char letter(int i) {
        return (char) ('a' + i);
    }

    @Spawnable
    public byte small(int i) {
        return (byte) (i * 50);
    }

    @Spawnable
    public short medium(int i) {
        return (short) (i * 10000);
    }

    @Spawnable
    public boolean flag(int i) {
        return i % 2 == 0;
    }

    public long caseLongArgsManyWide() {
        long a = wide(1L, 2.0, 3L, 4.0, 5);
        long b = wide(6L, 7.0, 8L, 9.0, 10);
        sync();
        return a * 1000 + b;
    }

    @Spawnable
    public long wide(long a, double b, long c, double d, int e) {
        return a + (long) b + c + (long) d + e;
    }
}
