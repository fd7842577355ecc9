package satin.pool;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * A spawning program in the rewriter's form whose result is a linked list as long as its range:
 * decoding it recurses once per cell, so a stolen half of tens of thousands of cells is nested
 * deeper than an event loop's stack holds.
 */
public class Chaining {

    /** One cell of the list. Not Serializable: it travels because the record's result field declares it. */
    public static final class Cell {
        long value;
        Cell next;

        Cell(long value, Cell next) {
            this.value = value;
            this.next = next;
        }
    }

    /**
     * The first leaf counts down, and the others wait for it (bounded): a node that runs the
     * newest half first can then not also run the oldest one before a thief takes it. Static,
     * because the receiver travels by value and a latch may not; a test sets it before its run.
     */
    static volatile CountDownLatch firstLeafStarted = new CountDownLatch(0);

    final long grain;

    public Chaining(long grain) {
        this.grain = grain;
    }

    public Cell cells(long from, long to) {
        if (to - from <= grain) {
            return leaf(from, to);
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> cells(from, to));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();
        long mid = (from + to) >>> 1;
        Slot slot = d.claim();
        slot.describe(Chaining$$Spawn0.FACTORY, 0, this);
        slot.j0 = from;
        slot.j1 = mid;
        d.push();
        slot = d.claim();
        slot.describe(Chaining$$Spawn0.FACTORY, 1, this);
        slot.j0 = mid;
        slot.j1 = to;
        d.push();
        Cell left = null;
        Cell right = null;
        SpawnException failures = null;
        if (d.pop()) {
            try {
                right = cells(mid, to);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (d.pop()) {
                try {
                    left = cells(from, mid);
                } catch (Throwable t) {
                    failures = Failures.add(failures, t);
                }
                if (failures != null) {
                    throw failures;
                }
            } else {
                left = ((Chaining$$Spawn0) w.joinStolen(mark, 1, failures)[0]).result;
            }
        } else {
            InvocationRecord[] stolen = w.joinStolen(mark, 2, failures);
            left = ((Chaining$$Spawn0) stolen[0]).result;
            right = ((Chaining$$Spawn0) stolen[1]).result;
        }
        return append(left, right);
    }

    private Cell leaf(long from, long to) {
        if (from == 0) {
            firstLeafStarted.countDown();
        } else {
            try {
                firstLeafStarted.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return sequential(from, to);
    }

    /** Iterative, as every walk of a list here must be: a recursive one would overflow where the decoder did. */
    private static Cell append(Cell left, Cell right) {
        if (left == null) {
            return right;
        }
        Cell last = left;
        while (last.next != null) {
            last = last.next;
        }
        last.next = right;
        return left;
    }

    static Cell sequential(long from, long to) {
        Cell head = null;
        for (long i = to - 1; i >= from; i--) {
            head = new Cell(i, head);
        }
        return head;
    }

    /** The values of a list, in order. */
    static long[] values(Cell list) {
        int n = 0;
        for (Cell c = list; c != null; c = c.next) {
            n++;
        }
        long[] out = new long[n];
        int i = 0;
        for (Cell c = list; c != null; c = c.next) {
            out[i++] = c.value;
        }
        return out;
    }
}
