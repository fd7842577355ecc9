package satin.pool;

import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * A spawning program in the rewriter's form whose results are objects: it counts the leaves of a
 * range into a {@link Tally}, so that a test can make a node refuse results it did not allow.
 */
public class Counting {

    /** The count of a range: a result class a program must allow for it to travel. */
    public static final class Tally {
        final long count;

        Tally(long count) {
            this.count = count;
        }
    }

    final long spinNanos;

    public Counting(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    public Object count(long from, long to) {
        if (to - from <= 1) {
            long until = System.nanoTime() + spinNanos; // leaves that take time, so that other nodes steal
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return new Tally(to - from);
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> count(from, to));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        long mid = (from + to) >>> 1;
        Slot slot = d.claim();
        slot.describe(Counting$$Spawn0.FACTORY, 0, this);
        slot.j0 = from;
        slot.j1 = mid;
        d.push();
        slot = d.claim();
        slot.describe(Counting$$Spawn0.FACTORY, 1, this);
        slot.j0 = mid;
        slot.j1 = to;
        d.push();
        Object left = null;
        Object right = null;
        SpawnException failures = null;
        if (d.pop()) {
            try {
                right = count(mid, to);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (d.pop()) {
                try {
                    left = count(from, mid);
                } catch (Throwable t) {
                    failures = Failures.add(failures, t);
                }
                if (failures != null) {
                    throw failures;
                }
            } else {
                left = ((Counting$$Spawn0) w.joinStolen(mark, 1, failures)[0]).result;
            }
        } else {
            InvocationRecord[] stolen = w.joinStolen(mark, 2, failures);
            left = ((Counting$$Spawn0) stolen[0]).result;
            right = ((Counting$$Spawn0) stolen[1]).result;
        }
        return new Tally(((Tally) left).count + ((Tally) right).count);
    }
}
