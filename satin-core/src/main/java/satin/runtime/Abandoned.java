package satin.runtime;

/**
 * What a sync meets when the work it waits for was abandoned ({@link Lineage}): it unwinds the
 * abandoned job's frames, whose result nobody reads. An {@link Error}, so that the program's own
 * {@code catch (Exception e)} does not take it for one of its failures.
 */
public final class Abandoned extends Error {
    private static final long serialVersionUID = 1L;

    public Abandoned(String why) {
        super(why, null, false, false);
    }

    /** Abandoned work that met {@code cause} as it unwound (a sync that found its spawns left behind). */
    public Abandoned(String why, Throwable cause) {
        super(why, cause, false, false);
    }

    /**
     * Whether {@code failure} is, or was caused by, abandonment: then it is no failure of the call,
     * and nobody may be told it as one.
     */
    public static boolean in(Throwable failure) {
        // a program may chain causes in a circle (a's cause b, b's cause a): each is looked at once
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Throwable t = failure; t != null && seen.add(t); t = t.getCause()) {
            if (t instanceof Abandoned) {
                return true;
            }
        }
        return false;
    }
}
