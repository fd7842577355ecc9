package satin.runtime;

import satin.SpawnException;
import satin.deque.WorkDeque;

/**
 * A spawning program, in the form the rewriter emits, that relies on sharing its argument: it
 * marks the leaves of a range in the caller's array, halving the range down to single indices.
 * Sequentially, and on one node normally, every call writes the same array; called by value,
 * each call writes a copy, and the caller's array stays unmarked. The result (the number of
 * leaves) is right either way. A negative index makes a leaf throw.
 */
public class Marking {

    /** Travels with every call (it is the receiver's): a test makes it something that may not. */
    final Object note;

    public Marking(Object note) {
        this.note = note;
    }

    public int mark(boolean[] seen, int lo, int hi) {
        if (hi - lo <= 1) {
            if (lo < 0) {
                throw new IllegalArgumentException("negative index " + lo);
            }
            seen[lo] = true;
            return 1;
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> mark(seen, lo, hi));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        int mid = (lo + hi) >>> 1;
        Slot slot = d.claim();
        slot.describe(Marking$$Spawn0.FACTORY, 0, this);
        slot.a0 = seen;
        slot.j0 = lo;
        slot.j1 = mid;
        d.push();
        slot = d.claim();
        slot.describe(Marking$$Spawn0.FACTORY, 1, this);
        slot.a0 = seen;
        slot.j0 = mid;
        slot.j1 = hi;
        d.push();
        int left = 0;
        int right = 0;
        SpawnException failures = null;
        if (d.pop()) {
            try {
                right = mark(seen, mid, hi);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (d.pop()) {
                try {
                    left = mark(seen, lo, mid);
                } catch (Throwable t) {
                    failures = Failures.add(failures, t);
                }
                if (failures != null) {
                    throw failures;
                }
            } else {
                left = ((Marking$$Spawn0) w.joinStolen(mark, 1, failures)[0]).result;
            }
        } else {
            InvocationRecord[] stolen = w.joinStolen(mark, 2, failures);
            left = ((Marking$$Spawn0) stolen[0]).result;
            right = ((Marking$$Spawn0) stolen[1]).result;
        }
        return left + right;
    }

    static int marked(boolean[] seen) {
        int n = 0;
        for (boolean b : seen) {
            n += b ? 1 : 0;
        }
        return n;
    }
}
