package satin.pool;

import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.Rewritten;
import satin.runtime.Slot;

/** The record of {@code Chaining.cells(long, long)}, shaped as the rewriter shapes records. */
@Rewritten("by hand, for tests")
final class Chaining$$Spawn0 extends InvocationRecord implements RecordFactory {

    static final Chaining$$Spawn0 FACTORY = new Chaining$$Spawn0();

    Chaining receiver;
    long p0;
    long p1;
    Chaining.Cell result;

    Chaining$$Spawn0() {
    }

    Chaining$$Spawn0(Chaining receiver, long p0, long p1) {
        this.receiver = receiver;
        this.p0 = p0;
        this.p1 = p1;
    }

    @Override
    public InvocationRecord capture(Slot slot) {
        return new Chaining$$Spawn0((Chaining) slot.receiver, slot.j0, slot.j1);
    }

    @Override
    protected void invoke() {
        result = receiver.cells(p0, p1);
    }
}
