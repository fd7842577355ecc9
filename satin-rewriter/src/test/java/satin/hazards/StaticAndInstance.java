package satin.hazards;

import static satin.Satin.sync;

import satin.Spawnable;
import satin.corpus.ByReference;

/** Static and instance spawnable methods calling each other, and virtual dispatch of a spawned call. */
public class StaticAndInstance {

    private static long counter;
    private long own;

    @Spawnable
    public static long staticFib(int n) {
        if (n < 2) {
            return n;
        }
        long a = staticFib(n - 1);
        long b = new StaticAndInstance().instanceFib(n - 2);
        sync();
        return a + b;
    }

    @Spawnable
    public long instanceFib(int n) {
        if (n < 2) {
            return n;
        }
        long a = instanceFib(n - 1);
        long b = staticFib(n - 2);
        sync();
        return a + b;
    }

    public static class Louder extends StaticAndInstance {
        @Override
        public long instanceFib(int n) {
            long base = super.instanceFib(n);
            sync();
            return 1000 + base;
        }
    }

    public static long caseStaticCallsInstance() {
        return staticFib(18);
    }

    public long caseInstanceCallsStatic() {
        return instanceFib(18);
    }

    public static String caseStaticAndInstanceFields() {
        StaticAndInstance o = new StaticAndInstance();
        counter = staticFib(12);
        o.own = o.instanceFib(11);
        sync();
        return counter + " " + o.own;
    }

    /** The spawn dispatches on the receiver's class, here and when stolen. */
    @ByReference("a receiver of a subclass no record declares may not travel")
    public static String caseVirtualDispatch() {
        StaticAndInstance plain = new StaticAndInstance();
        StaticAndInstance loud = new Louder();
        long a = plain.instanceFib(10);
        long b = loud.instanceFib(10);
        sync();
        return a + " " + b;
    }
}
