package satin.bench;

import satin.SatinObject;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.runtime.Failures;
import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.runtime.Slot;
import satin.runtime.Worker;

/**
 * Fib as the rewriter made it before decision 0013: both spawns pushed, the newest popped back at
 * once by the sync. Kept only so that the spawn benchmark shows what running the last spawn in
 * place saves, measured in the same run.
 */
public class FibBothPushed extends SatinObject {

    /** Builds the record of a {@code fib(int)} call from its slot, for a thief. */
    static final RecordFactory FIB = slot -> new FibRecord((FibBothPushed) slot.receiver, (int) slot.j0);

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

        int y$n = n - 2; // long y = fib(n - 2);
        slot = d.claim();
        slot.describe(FIB, 1, this);
        slot.j0 = y$n;
        d.push();

        long x; // sync(): the newest spawn first
        long y;
        SpawnException failures = null;
        if (d.pop()) {
            y = 0;
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
        } else { // both were stolen
            InvocationRecord[] stolen = w.joinStolen(mark, 2, failures);
            x = ((FibRecord) stolen[0]).result;
            y = ((FibRecord) stolen[1]).result;
        }
        return x + y;
    }

    /** The record class of {@code fib(int)}: receiver, argument, result. */
    static final class FibRecord extends InvocationRecord {
        private final FibBothPushed receiver;
        private final int n;
        long result;

        FibRecord(FibBothPushed receiver, int n) {
            this.receiver = receiver;
            this.n = n;
        }

        @Override
        protected void invoke() {
            result = receiver.fib(n);
        }
    }
}
