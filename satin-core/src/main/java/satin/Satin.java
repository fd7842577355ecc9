package satin;

/**
 * The statically imported form of the programming model: {@code import static satin.Satin.sync;}.
 */
public final class Satin {

    private Satin() {
    }

    /**
     * Waits until every spawn made so far by the calling method invocation has finished.
     *
     * @see SatinObject#sync()
     */
    public static void sync() {
        // Replaced by the rewriter at every call site; the plain call is the sequential program.
        if (satin.runtime.RewriteCheck.ENABLED) {
            satin.runtime.RewriteCheck.unrewrittenSync();
        }
    }
}
