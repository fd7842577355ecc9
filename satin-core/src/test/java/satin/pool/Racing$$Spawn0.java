package satin.pool;

import satin.Rewritten;
import satin.runtime.InvocationRecord;

/** The record of {@code Racing.sibling(int)}, shaped as the rewriter shapes records. */
@Rewritten("by hand, for tests")
public final class Racing$$Spawn0 extends InvocationRecord {

    public Racing receiver;
    public int p0;
    public long result;

    Racing$$Spawn0() {
    }

    public Racing$$Spawn0(Racing receiver, int p0) {
        this.receiver = receiver;
        this.p0 = p0;
    }

    @Override
    protected void invoke() {
        result = receiver.sibling(p0);
    }
}
