package satin.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Where spawnable methods come from: declared on an interface, inherited and overridden, called
 * through super, private, static, generic, varargs; and spawning from a lambda body.
 */
public class Shapes extends SatinObject {

    /** Spawnable where it is declared; the implementation does not repeat the annotation. */
    public interface Measure {
        @Spawnable
        long measure(int n);
    }

    public static final class Squares implements Measure {
        @Override
        public long measure(int n) {
            return (long) n * n;
        }
    }

    public static class Base extends SatinObject {
        @Spawnable
        public long weight(int n) {
            return n + 1;
        }
    }

    /** Overrides without the annotation: still spawnable, and spawns super's version too. */
    public static class Derived extends Base {
        @Override
        public long weight(int n) {
            if (n <= 1) {
                return 1;
            }
            long mine = weight(n - 1);
            long theirs = super.weight(n);
            sync();
            return mine + theirs;
        }
    }

    @Spawnable
    private long secret(int n) {
        return n * 3L;
    }

    @Spawnable
    public static long twice(long v) {
        return v * 2;
    }

    @Spawnable
    public <T extends Comparable<T>> T larger(T a, T b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    @Spawnable
    public int sum(int... values) {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    @Spawnable
    public List<String> words(int n) {
        List<String> w = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            w.add("w" + i);
        }
        return w;
    }

    @ByReference("a receiver of a class no record declares may not travel")
    public long caseInterface() {
        Measure m = new Squares();
        long a = m.measure(7);
        long b = m.measure(9);
        sync();
        return a + b;
    }

    public long caseInheritedAndSuper() {
        Base d = new Derived();
        long w = d.weight(12);
        sync();
        return w;
    }

    public long casePrivate() {
        long a = secret(5);
        long b = secret(6);
        sync();
        return a * b;
    }

    public long caseStatic() {
        long a = twice(21);
        long b = Shapes.twice(-4);
        sync();
        return a + b;
    }

    public String caseGeneric() {
        String s = larger("pear", "apple");
        Integer i = larger(3, 8);
        sync();
        return s + i;
    }

    public int caseVarargs() {
        int a = sum(1, 2, 3);
        int b = sum();
        int c = sum(new int[] {10, 20});
        sync();
        return a * 100 + b * 10 + c;
    }

    public String caseGenericCollection() {
        List<String> a = words(3);
        List<String> b = words(2);
        sync();
        return a + "" + b;
    }

    /** A lambda body is a method of its own: it spawns and syncs like any other. */
    public String caseLambda() {
        IntFunction<Long> f = n -> {
            long x = twice(n);
            long y = twice(n + 1);
            sync();
            return x + y;
        };
        return f.apply(10) + " " + f.apply(20);
    }
}
