package satin.hazards;

import satin.SatinObject;
import satin.SpawnException;
import satin.Spawnable;

/**
 * A recursion of spawns with no end, as a bug makes one: it overflows the stack, and the failure
 * unwinds every frame of the recursion, each a sync that waits for the spawn above it; and one
 * that fails at its bottom, some hundred thousand frames down.
 */
public class Overflow extends SatinObject {

    @Spawnable
    public long depth(int n) {
        long below = depth(n + 1);
        sync();
        return below + 1;
    }

    /** A recursion that fails at its bottom, {@code limit} frames down. */
    @Spawnable
    public long failAt(int n, int limit) {
        if (n == limit) {
            throw new IllegalStateException("bottom " + n);
        }
        long below = failAt(n + 1, limit);
        sync();
        return below + 1;
    }

    /** The sequential program's StackOverflowError, or the SpawnException the sync wraps it in. */
    public static String outcome(Throwable t) {
        Throwable cause = t instanceof SpawnException ? t.getCause() : t;
        return "failed with " + (cause == null ? t : cause).getClass().getSimpleName();
    }
}
