package satin.runtime;

import satin.Rewritten;

/** The record of {@code Marking.mark(boolean[], int, int)}, shaped as the rewriter shapes records. */
@Rewritten("by hand, for tests")
final class Marking$$Spawn0 extends InvocationRecord implements RecordFactory {

    static final Marking$$Spawn0 FACTORY = new Marking$$Spawn0();

    Marking receiver;
    boolean[] p0;
    int p1;
    int p2;
    int result;

    Marking$$Spawn0() {
    }

    Marking$$Spawn0(Marking receiver, boolean[] p0, int p1, int p2) {
        this.receiver = receiver;
        this.p0 = p0;
        this.p1 = p1;
        this.p2 = p2;
    }

    @Override
    public InvocationRecord capture(Slot slot) {
        return new Marking$$Spawn0((Marking) slot.receiver, (boolean[]) slot.a0, (int) slot.j0, (int) slot.j1);
    }

    @Override
    protected void invoke() {
        result = receiver.mark(p0, p1, p2);
    }
}
