package satin.pool;

import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.Rewritten;
import satin.runtime.Slot;

/** The record of {@code Counting.count(long, long)}, shaped as the rewriter shapes records. */
@Rewritten("by hand, for tests")
final class Counting$$Spawn0 extends InvocationRecord implements RecordFactory {

    static final Counting$$Spawn0 FACTORY = new Counting$$Spawn0();

    Counting receiver;
    long p0;
    long p1;
    Object result;

    Counting$$Spawn0() {
    }

    Counting$$Spawn0(Counting receiver, long p0, long p1) {
        this.receiver = receiver;
        this.p0 = p0;
        this.p1 = p1;
    }

    @Override
    public InvocationRecord capture(Slot slot) {
        return new Counting$$Spawn0((Counting) slot.receiver, slot.j0, slot.j1);
    }

    @Override
    protected void invoke() {
        result = receiver.count(p0, p1);
    }
}
