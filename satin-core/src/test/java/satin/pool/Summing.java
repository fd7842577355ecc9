package satin.pool;

import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * A spawning program written by hand in the form the rewriter emits, with a record class that
 * follows the generated conventions (name, mark, fields), so that the pool can ship its jobs
 * without the rewriter: the sum of f(i) over a range, halved down to a grain. A negative element
 * makes the call fail, to test failures crossing nodes.
 */
public class Summing {

    public final int grain;
    public final long spinNanos;
    /** Travels with every job (it is the receiver's): a test puts a class here that one end refuses. */
    final Object note;

    public Summing(int grain, long spinNanos) {
        this(grain, spinNanos, null);
    }

    public Summing(int grain, long spinNanos, Object note) {
        this.grain = grain;
        this.spinNanos = spinNanos;
        this.note = note;
    }

    static long f(long i) {
        return i * i % 1_000_003;
    }

    public long sum(long from, long to) {
        if (to - from <= grain) {
            long s = 0;
            for (long i = from; i < to; i++) {
                if (i < 0) {
                    throw new IllegalArgumentException("negative element " + i);
                }
                s += f(i);
            }
            long until = System.nanoTime() + spinNanos; // leaves that take time, so that other nodes steal
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return s;
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> sum(from, to));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        long mid = (from + to) >>> 1;
        Slot slot = d.claim();
        slot.describe(Summing$$Spawn0.FACTORY, 0, this);
        slot.j0 = from;
        slot.j1 = mid;
        d.push();
        slot = d.claim();
        slot.describe(Summing$$Spawn0.FACTORY, 1, this);
        slot.j0 = mid;
        slot.j1 = to;
        d.push();
        long left = 0;
        long right = 0;
        SpawnException failures = null;
        if (d.pop()) {
            try {
                right = sum(mid, to);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (d.pop()) {
                try {
                    left = sum(from, mid);
                } catch (Throwable t) {
                    failures = Failures.add(failures, t);
                }
                if (failures != null) {
                    throw failures;
                }
            } else {
                left = ((Summing$$Spawn0) w.joinStolen(mark, 1, failures)[0]).result;
            }
        } else {
            InvocationRecord[] stolen = w.joinStolen(mark, 2, failures);
            left = ((Summing$$Spawn0) stolen[0]).result;
            right = ((Summing$$Spawn0) stolen[1]).result;
        }
        return left + right;
    }

    public static long sequential(long from, long to) {
        long s = 0;
        for (long i = from; i < to; i++) {
            s += f(i);
        }
        return s;
    }
}
