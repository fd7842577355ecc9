package satin.corpus;

import java.util.concurrent.atomic.AtomicLong;
import satin.SatinObject;
import satin.Spawnable;

/** Results that go to fields, results that are dropped, and void spawns. */
public class Targets extends SatinObject {

    private long total;
    private static String label;
    private final AtomicLong visits = new AtomicLong();

    @Spawnable
    public long count(int n) {
        visits.incrementAndGet();
        if (n < 2) {
            return 1;
        }
        long a = count(n - 1);
        long b = count(n - 2);
        sync();
        return a + b;
    }

    @Spawnable
    public String describe(int n) {
        return "#" + n;
    }

    @Spawnable
    public void fill(long[] into, int from, int to) {
        if (to - from <= 2) {
            for (int i = from; i < to; i++) {
                into[i] = (long) i * i;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        fill(into, from, mid);
        fill(into, mid, to);
        sync();
    }

    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseInstanceField() {
        total = count(15);
        sync();
        return "total=" + total;
    }

    public String caseStaticField() {
        label = describe(42);
        sync();
        return label;
    }

    /** The same field as target of spawns on another object. */
    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseFieldOfAnotherObject() {
        Targets other = new Targets();
        other.total = count(12);
        sync();
        return "other=" + other.total;
    }

    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseDiscarded() {
        count(14);
        count(10);
        sync();
        return "visits=" + visits.get();
    }

    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseVoidRecursive() {
        long[] values = new long[37];
        fill(values, 0, values.length);
        sync();
        return java.util.Arrays.toString(values);
    }

    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseVoidInLoop() {
        long[] values = new long[40];
        for (int i = 0; i < 40; i += 8) {
            fill(values, i, i + 8);
        }
        sync();
        return java.util.Arrays.toString(values);
    }

    @ByReference("the spawns count their calls in an AtomicLong of their receiver")
    public String caseDiscardedInLoop() {
        for (int i = 0; i < 6; i++) {
            count(i + 5);
        }
        sync();
        return "visits=" + visits.get();
    }
}
