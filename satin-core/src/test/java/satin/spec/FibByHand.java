package satin.spec;

import satin.SatinObject;
import satin.runtime.Frame;
import satin.runtime.InvocationRecord;

/**
 * What the rewriter makes of {@link Fib}, written by hand: the specification of rewritten code.
 *
 * <p>Each spawn becomes "build a record of the call, hand it to the frame, go on"; the sync
 * becomes the frame's sync followed by copying the results out of the records into the locals the
 * program named. The frame is entered just before the first spawn, so the leaves ({@code n < 2})
 * never touch the runtime.
 */
public class FibByHand extends SatinObject {

    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        Frame frame = Frame.enter();
        FibRecord x$ = new FibRecord(this, n - 1); // long x = fib(n - 1);
        frame.spawn(x$);
        FibRecord y$ = new FibRecord(this, n - 2); // long y = fib(n - 2);
        frame.spawn(y$);
        frame.sync(); // sync();
        long x = x$.result;
        long y = y$.result;
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
