package satin.hazards;

import java.util.Arrays;
import java.util.List;
import satin.SatinObject;
import satin.Spawnable;

/**
 * More targets and calls: a default method of an interface spawned through the interface, on
 * this and through Interface.super; results into another class's static fields, into Object,
 * Number and Comparable locals (boxed), into var locals and into a two-dimensional array; spawns
 * with more arguments than a slot holds; a generic receiver; a conditional spawn before a spawn
 * loop; a return with spawns pending.
 */
public class UserTargets extends SatinObject implements Greeting {

    public static class Other {
        public static long stat;
        public static String name;
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

    @Spawnable
    public String many(String a, String b, String c, String d, String e, List<String> f) {
        return a + b + c + d + e + f;
    }

    @Spawnable
    public long manyPrims(int a, long b, short c, byte d, char e, float f) {
        return a + b + c + d + e + (long) f;
    }

    public String caseDefaultMethods() {
        Greeting g = this;
        long a = g.hi(1);
        long b = hi(2);
        long c = Greeting.super.hi(3);
        sync();
        return a + " " + b + " " + c;
    }

    public String caseStaticFieldOfOtherClass() {
        Other.stat = fib(12);
        Other.name = many("a", "b", "c", "d", "e", List.of("f"));
        sync();
        String r = Other.stat + Other.name;
        Other.stat = 0;
        Other.name = null;
        return r;
    }

    public String caseObjectLocalBoxed() {
        Object o = fib(9);
        Number n = fib(10);
        Comparable<Long> c = fib(11);
        sync();
        return o + " " + n + " " + c;
    }

    public String caseManyArgs() {
        String s = many("1", "2", "3", "4", "5", List.of("6"));
        long p = manyPrims(1, 2L, (short) 3, (byte) 4, 'a', 5.5f);
        long[] r = new long[3];
        for (int i = 0; i < 3; i++) {
            r[i] = manyPrims(i, i, (short) i, (byte) i, 'b', i);
        }
        sync();
        return s + p + Arrays.toString(r);
    }

    public <T extends UserTargets> String caseGenericReceiver() {
        return generic(new UserTargets());
    }

    private <T extends UserTargets> String generic(T t) {
        long a = t.fib(11);
        long b = t.hi(4);
        sync();
        return a + " " + b;
    }

    public String caseVarAndChars() {
        var a = fib(7);
        var b = letter('c');
        sync();
        return a + "" + b + (char) (b + 1);
    }

    @Spawnable
    public char letter(char c) {
        return Character.toUpperCase(c);
    }

    public String caseConditionalSpawnsThenLoop() {
        long[] r = new long[4];
        long a = 0;
        if (r.length > 2) {
            a = fib(8);
        }
        for (int i = 0; i < r.length; i++) {
            r[i] = fib(i + 3);
        }
        sync();
        return a + Arrays.toString(r);
    }

    public String caseSpawnResultsInto2DArray() {
        long[][] g = new long[3][3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                g[i][j] = fib(i + j + 2);
            }
        }
        sync();
        return Arrays.deepToString(g);
    }

    public String caseEarlyReturnWithPendingSpawns() {
        long[] out = new long[2];
        String s = early(out, true);
        return s + Arrays.toString(out);
    }

    private String early(long[] out, boolean stop) {
        out[0] = fib(10);
        if (stop) {
            return "early";
        }
        out[1] = fib(11);
        sync();
        return "late";
    }
}
