package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Spawnable methods that javac gives bridge methods: an override with a covariant return type,
 * an override of a generic class's method, an implementation of a generic interface's method.
 * javac copies the annotations onto the bridge, which only calls the real method and returns its
 * result; spawns are made through the base type (reaching the bridge) and the derived one.
 */
public class Bridges extends SatinObject {

    public interface Op<T> {
        @Spawnable
        T apply(T x);
    }

    public static class Doubler implements Op<Integer> {
        @Override
        @Spawnable
        public Integer apply(Integer x) {
            return x * 2;
        }
    }

    public static class Base extends SatinObject {
        @Spawnable
        public Number value(int n) {
            return n;
        }
    }

    public static class Derived extends Base {
        @Override
        @Spawnable
        public Long value(int n) {
            if (n < 2) {
                return (long) n;
            }
            Number a = value(n - 1);
            Long b = value(n - 2);
            sync();
            return a.longValue() + b;
        }
    }

    public static class Cell<T> extends SatinObject {
        @Spawnable
        public T get(T v) {
            return v;
        }
    }

    public static class IntCell extends Cell<Integer> {
        @Override
        @Spawnable
        public Integer get(Integer v) {
            return v + 1;
        }
    }

    public String caseCovariantReturn() {
        Derived d = new Derived();
        Base b = d;
        Long x = d.value(15);
        Number y = b.value(16);
        Number z = new Base().value(4);
        sync();
        return x + " " + y + " " + z;
    }

    public String caseGenericClass() {
        IntCell ic = new IntCell();
        Cell<Integer> c = ic;
        Integer a = ic.get(7);
        Integer b = c.get(8);
        String s = new Cell<String>().get("s");
        sync();
        return a + " " + b + " " + s;
    }

    public String caseGenericInterface() {
        Doubler d = new Doubler();
        Op<Integer> op = d;
        Integer a = d.apply(4);
        Integer b = op.apply(5);
        sync();
        return a + " " + b;
    }
}
