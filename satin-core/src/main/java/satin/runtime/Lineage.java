package satin.runtime;

/**
 * The work a job belongs to, so that it can be abandoned down its subtree when nobody waits for
 * its result any more: the node that gave it died, or an earlier spawn of the invocation that
 * spawned it failed, and the sequential program never ran it (docs/decisions/0052). A job from
 * elsewhere is the root of a lineage of its own; every job a thief takes gets a lineage of its own
 * under that of the root call it was spawned under, so that it can be cancelled alone; abandoning
 * a lineage abandons every lineage under it. Work of the node's own that never left its worker
 * (the master's main, and what it runs in place) has none, and is never abandoned.
 */
public final class Lineage {

    /** The lineage this one lies under, or null. */
    private final Lineage parent;
    /** Whether this is a job from elsewhere: what the results kept for a rerun are filed under. */
    private final boolean fromElsewhere;
    private volatile boolean abandoned;

    /** The lineage of a job from elsewhere, the root of its own. */
    public Lineage() {
        this(null, true);
    }

    private Lineage(Lineage parent, boolean fromElsewhere) {
        this.parent = parent;
        this.fromElsewhere = fromElsewhere;
    }

    /** The lineage of a job a thief took from under {@code parent} (null for the node's own work). */
    static Lineage under(Lineage parent) {
        return new Lineage(parent, false);
    }

    /**
     * Nobody waits for this work any more: it is thrown away wherever it is found.
     *
     * @return false if it was abandoned already, so that it is counted once
     */
    public synchronized boolean abandon() {
        if (abandoned) {
            return false;
        }
        abandoned = true;
        return true;
    }

    /** Whether this work, or work it lies under, was abandoned. */
    public boolean abandoned() {
        for (Lineage l = this; l != null; l = l.parent) {
            if (l.abandoned) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code record} belongs to work that was abandoned. */
    public static boolean abandoned(InvocationRecord record) {
        Lineage l = record.lineage();
        return l != null && l.abandoned();
    }

    /** Whether {@code record} belongs to {@code work} or to work under it. */
    public static boolean within(InvocationRecord record, Lineage work) {
        for (Lineage l = record.lineage(); l != null; l = l.parent) {
            if (l == work) {
                return true;
            }
        }
        return false;
    }

    /** The job from elsewhere whose work {@code record} belongs to, or null for the node's own work. */
    public static Lineage fromElsewhere(InvocationRecord record) {
        for (Lineage l = record.lineage(); l != null; l = l.parent) {
            if (l.fromElsewhere) {
                return l;
            }
        }
        return null;
    }
}
