package satin;

/**
 * A convenient base class for divide-and-conquer programs: it gives them an inherited
 * {@link #sync()}. Extending it is optional; {@code import static satin.Satin.sync;} does the same.
 */
public abstract class SatinObject {

    protected SatinObject() {
        if (RewriteCheck.ENABLED) {
            RewriteCheck.checkClass(getClass());
        }
    }

    /**
     * Waits until every spawn made so far by the calling method invocation has finished; from
     * here on their results are defined. If a spawned call threw, this rethrows it wrapped in a
     * {@link SpawnException}. Without rewriting it does nothing, because then every spawn has
     * already run to completion as a plain call.
     */
    public final void sync() {
        // Replaced by the rewriter at every call site; the plain call is the sequential program.
        if (RewriteCheck.ENABLED) {
            RewriteCheck.unrewrittenSync();
        }
    }
}
