package satin.runtime;

import satin.Rewritten;

/**
 * A spawned call as it waits in its worker's deque: a reusable, preallocated description that a
 * spawn fills in place, so that spawning allocates nothing.
 *
 * <p>Rewritten code fills a slot in one of two forms. In the <em>fast form</em> it stores the
 * call's receiver and arguments in the slot's fields (primitives as raw bits in {@code j0..j3},
 * references in {@code a0..a3}) with a {@link RecordFactory} that can turn them into an
 * {@link InvocationRecord}; the record is only ever built if a thief takes the slot. In the
 * <em>record form</em> it builds the record itself and stores it in {@link #record}, with
 * {@link RecordFactory#PREBUILT}; this serves calls whose arguments do not fit the fields and
 * spawns whose results go to array elements or fields. Either way, a thief leaves the record it
 * took in {@link #record}, where the owner finds it at its sync.
 *
 * <p>The fields are public because the rewriter writes them from generated code in any package.
 * Nothing else should.
 */
public final class Slot {

    /** Builds the record of the call in this slot, when a thief takes it. */
    public RecordFactory factory;
    /** Which spawn site of the spawning method made this call, so that its result finds its target. */
    public int site;
    /** The receiver of an instance method; unused for a static method. */
    public Object receiver;
    public long j0;
    public long j1;
    public long j2;
    public long j3;
    public Object a0;
    public Object a1;
    public Object a2;
    public Object a3;
    /** The record: built by the spawner (record form), or by the thief that took the slot. */
    public InvocationRecord record;
    /** Where this slot sits in its deque, which tells a thief whose root call its spawn belongs to. */
    final int index;

    public Slot() {
        this(-1);
    }

    Slot(int index) {
        this.index = index;
    }

    /** Makes the slots of one deque, numbered as the deque asks for them: in order of index. */
    static java.util.function.Supplier<Slot> numbered() {
        int[] next = {0};
        return () -> new Slot(next[0]++);
    }

    /**
     * Builds the record of the call in this slot and leaves it here, where the spawner's sync
     * finds it: what a thief does while it holds the slot.
     */
    InvocationRecord capture() {
        record = build();
        return record;
    }

    /** Builds the record of the call in this slot, for its owner to run; nothing new is left here. */
    InvocationRecord build() {
        InvocationRecord r = factory.capture(this);
        r.site = site;
        return r;
    }

    /**
     * Starts filling the slot for a call. The factory and receiver are compared before they are
     * stored because they rarely change from one use of a slot to the next, and a reference store
     * into a long-lived object costs a garbage-collector barrier.
     */
    public void describe(RecordFactory callFactory, int callSite, Object callReceiver) {
        if (factory != callFactory) {
            factory = callFactory;
        }
        if (receiver != callReceiver) {
            receiver = callReceiver;
        }
        site = callSite;
    }
}
