package satin.pool;

import satin.runtime.InvocationRecord;
import satin.runtime.RecordFactory;
import satin.Rewritten;
import satin.runtime.Slot;

/** The record of {@code Summing.sum(long, long)}, shaped as the rewriter shapes records. */
@Rewritten("by hand, for tests")
public final class Summing$$Spawn0 extends InvocationRecord implements RecordFactory {

    static final Summing$$Spawn0 FACTORY = new Summing$$Spawn0();

    public Summing receiver;
    public long p0;
    public long p1;
    public long result;

    Summing$$Spawn0() {
    }

    public Summing$$Spawn0(Summing receiver, long p0, long p1) {
        this.receiver = receiver;
        this.p0 = p0;
        this.p1 = p1;
    }

    @Override
    public InvocationRecord capture(Slot slot) {
        return new Summing$$Spawn0((Summing) slot.receiver, slot.j0, slot.j1);
    }

    @Override
    protected void invoke() {
        result = receiver.sum(p0, p1);
    }
}
