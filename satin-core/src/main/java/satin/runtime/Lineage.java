package satin.runtime;

/**
 * The job from elsewhere a piece of work descends from, so that it can be abandoned down its
 * subtree when nobody waits for its result any more (the node that gave it died). Every record a
 * thief takes inherits the lineage of the root call it was spawned under; work of the node's own
 * (the master's main, and everything below it) has none, and is never abandoned.
 */
public final class Lineage {

    private volatile boolean abandoned;

    /** Nobody waits for this work any more: it is thrown away wherever it is found. */
    public void abandon() {
        abandoned = true;
    }

    public boolean abandoned() {
        return abandoned;
    }

    /** Whether {@code record} belongs to work that was abandoned. */
    public static boolean abandoned(InvocationRecord record) {
        Lineage l = record.lineage();
        return l != null && l.abandoned;
    }
}
