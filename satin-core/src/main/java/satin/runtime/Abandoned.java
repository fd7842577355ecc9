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
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Abandoned) {
                return true;
            }
        }
        return false;
    }
}
