package satin.corpus;

import satin.SatinObject;
import satin.Spawnable;

/** Spawns whose results go to local variables of every type, in straight-line code. */
public class Locals extends SatinObject {

    @Spawnable
    public int fibInt(int n) {
        if (n < 2) {
            return n;
        }
        int x = fibInt(n - 1);
        int y = fibInt(n - 2);
        sync();
        return x + y;
    }

    @Spawnable
    public long fibLong(int n) {
        if (n < 2) {
            return n;
        }
        long x = fibLong(n - 1);
        long y = fibLong(n - 2);
        sync();
        return x + y;
    }

    /** Doubles take two slots: the spawn's locals and the target must not overlap anything. */
    @Spawnable
    public double sumDouble(double from, int n, double step) {
        if (n == 1) {
            return from;
        }
        int half = n / 2;
        double left = sumDouble(from, half, step);
        double right = sumDouble(from + half * step, n - half, step);
        sync();
        return left + right;
    }

    @Spawnable
    public float sumFloat(float from, int n) {
        if (n == 1) {
            return from * 0.5f;
        }
        float a = sumFloat(from, n / 2);
        float b = sumFloat(from + n / 2, n - n / 2);
        sync();
        return a + b;
    }

    @Spawnable
    public boolean anyDivisible(int from, int to, int divisor) {
        if (to - from <= 4) {
            for (int i = from; i < to; i++) {
                if (i % divisor == 0) {
                    return true;
                }
            }
            return false;
        }
        int mid = (from + to) >>> 1;
        boolean a = anyDivisible(from, mid, divisor);
        boolean b = anyDivisible(mid, to, divisor);
        sync();
        return a || b;
    }

    @Spawnable
    public byte xorBytes(byte seed, int depth) {
        if (depth == 0) {
            return (byte) (seed * 31 + 7);
        }
        byte a = xorBytes((byte) (seed + 1), depth - 1);
        byte b = xorBytes((byte) (seed * 3), depth - 1);
        sync();
        return (byte) (a ^ b);
    }

    @Spawnable
    public short addShorts(short seed, int depth) {
        if (depth == 0) {
            return seed;
        }
        short a = addShorts((short) (seed + 3), depth - 1);
        short b = addShorts((short) (seed - 5), depth - 1);
        sync();
        return (short) (a + b);
    }

    @Spawnable
    public char maxChar(String s, int from, int to) {
        if (to - from == 1) {
            return s.charAt(from);
        }
        int mid = (from + to) / 2;
        char a = maxChar(s, from, mid);
        char b = maxChar(s, mid, to);
        sync();
        return a > b ? a : b;
    }

    @Spawnable
    public String concat(int from, int to) {
        if (to - from == 1) {
            return Integer.toString(from);
        }
        int mid = (from + to) / 2;
        String left = concat(from, mid);
        String right = concat(mid, to);
        sync();
        return left + "," + right;
    }

    /** Widening and boxing between the call and the store are part of the assignment, not an expression. */
    public String conversions(int n) {
        double widened = fibInt(n);
        Integer boxed = fibInt(n + 1);
        long wider = fibInt(n + 2);
        sync();
        return widened + " " + boxed + " " + wider;
    }

    /** The receiver of a spawn need not be {@code this}. */
    public long otherReceiver(int n) {
        Locals other = new Locals();
        long a = other.fibLong(n);
        long b = new Locals().fibLong(n - 1);
        sync();
        return a * 1000 + b;
    }

    public long caseFibInt() {
        return fibInt(18);
    }

    public long caseFibLong() {
        return fibLong(20);
    }

    public double caseDouble() {
        return sumDouble(0.25, 300, 0.125);
    }

    public float caseFloat() {
        return sumFloat(1, 100);
    }

    public String caseBoolean() {
        return anyDivisible(1, 200, 97) + " " + anyDivisible(1, 50, 97);
    }

    public byte caseByte() {
        return xorBytes((byte) 5, 10);
    }

    public short caseShort() {
        return addShorts((short) 11, 12);
    }

    public char caseChar() {
        return maxChar("the quick brown fox jumps over the lazy dog", 0, 43);
    }

    public String caseString() {
        return concat(0, 40);
    }

    public String caseConversions() {
        return conversions(15);
    }

    public long caseOtherReceiver() {
        return otherReceiver(15);
    }
}
