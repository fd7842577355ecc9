package satin.runtime;

/**
 * Turns a fast-form {@link Slot} into the {@link InvocationRecord} of its call. The rewriter
 * generates one per spawnable method; the runtime calls it only for a slot that is being stolen,
 * while the thief has exclusive access to the slot.
 */
@FunctionalInterface
public interface RecordFactory {

    /** A record-form slot: the record is already built. */
    RecordFactory PREBUILT = slot -> slot.record;

    InvocationRecord capture(Slot slot);
}
