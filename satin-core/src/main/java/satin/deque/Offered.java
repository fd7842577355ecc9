package satin.deque;

import java.util.Properties;
import satin.config.Settings;

/**
 * How many of its oldest jobs a worker keeps offered to thieves ({@code -Dsatin.offered}, decisions
 * 0002, 0008 and 0024). Read apart from {@link SplitDeque}, whose constant it sets: a node checks
 * the setting as it starts, naming it, before a bad value could fail that class's initialisation,
 * which the JVM reports as an {@code ExceptionInInitializerError} and, ever after, as a class it
 * "could not initialize".
 */
public final class Offered {

    public static final String PROPERTY = Settings.OFFERED.name();
    public static final int MAX = Settings.MAX_OFFERED;
    /** What is offered when steals take chunks: every job up to the bound of a chunk ({@code StealChunk.MAX_JOBS}). */
    private static final int CHUNKED = 64;

    private Offered() {
    }

    /**
     * The setting in {@code p}. One job by default, unless steals take chunks
     * ({@code satin.stealChunk}): then every job is offered (up to the bound of a chunk), so that a
     * thief can take half of what waits, and not just the one job an owner inside a leaf offers.
     *
     * @throws IllegalArgumentException naming the property and the value
     */
    public static int fromProperties(Properties p) {
        boolean oneJobASteal = Settings.STEAL_CHUNK.text(p).trim().equals(Settings.STEAL_CHUNK.defaultValue());
        if (Settings.OFFERED.raw(p) == null && !oneJobASteal) {
            return CHUNKED;
        }
        return Settings.OFFERED.intValue(p);
    }
}
