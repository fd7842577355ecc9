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
        if (RewriteCheck.ENABLED) {
            RewriteCheck.unrewrittenSync();
        }
    }

    /**
     * The version of this build of satin ({@code 0.1.0-SNAPSHOT}, say), as the build wrote it into
     * {@code satin/version.properties}; {@code unknown} if the file is missing.
     */
    public static String version() {
        try (java.io.InputStream in = Satin.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
