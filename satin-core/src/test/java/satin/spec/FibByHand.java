package satin.spec;

import satin.SatinObject;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * What the rewriter makes of {@link Fib}, written by hand: the specification of rewritten code in
 * its fast form, for spawns whose results go to locals in straight-line code.
 *
 * <ul>
 * <li>On a thread outside every node the call hops onto the embedded node first, so that its
 *     spawns have a worker. The base case before the check has no side effects, so it may run on
 *     either side of the hop.</li>
 * <li>A spawn keeps the evaluated arguments in locals, and describes the call in the slot at the
 *     head of the worker's deque, for a thief: no allocation.</li>
 * <li>The last spawn before the sync is not pushed: the sync would take it back first, so it runs
 *     in place (decision 0013).</li>
 * <li>The sync takes the spawns back newest first and calls the method directly with the kept
 *     arguments, assigning the locals the program named; an exception of such a call is kept,
 *     not thrown, until every child is finished.</li>
 * <li>When a pushed spawn was stolen, so were all older ones: they come back as records
 *     ({@link FibRecord}, built by {@link #FIB} when the thief took the slot), oldest first, and
 *     their results are copied out.</li>
 * </ul>
 */
public class FibByHand extends SatinObject {

    /** Builds the record of a {@code fib(int)} call from its slot, for a thief. */
    static final RecordFactory FIB = slot -> new FibRecord((FibByHand) slot.receiver, (int) slot.j0);

    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        Worker w = Worker.current();
        if (w == null) {
            return Worker.hop(() -> fib(n));
        }
        WorkDeque<Slot> d = w.deque();
        int mark = d.head();

        int x$n = n - 1; // long x = fib(n - 1);
        Slot slot = d.claim();
        slot.describe(FIB, 0, this);
        slot.j0 = x$n;
        d.push();

        int y$n = n - 2; // long y = fib(n - 2); the spawn right before the sync runs in place

        long x; // sync(): the newest spawn first
        long y = 0;
        SpawnException failures = null;
        try {
            y = fib(y$n);
        } catch (Throwable t) {
            failures = Failures.add(failures, t);
        }
        if (d.pop()) {
            x = 0;
            try {
                x = fib(x$n);
            } catch (Throwable t) {
                failures = Failures.add(failures, t);
            }
            if (failures != null) {
                throw failures;
            }
        } else { // x was stolen
            x = ((FibRecord) w.joinStolen(mark, 1, failures)[0]).result;
        }
        return x + y;
    }

    /** The record class of {@code fib(int)}: receiver, argument, result. */
    static final class FibRecord extends InvocationRecord {
        private final FibByHand receiver;
        private final int n;
        long result;

        FibRecord(FibByHand receiver, int n) {
            this.receiver = receiver;
            this.n = n;
        }

        @Override
        protected void invoke() {
            result = receiver.fib(n);
        }
    }
}
