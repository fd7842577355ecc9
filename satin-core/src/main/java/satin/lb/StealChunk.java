package satin.lb;

import java.util.Locale;
import satin.config.Settings;
import satin.config.Syntax;

/**
 * How many jobs a victim gives a thief for one steal request (or prefetch): one, as van Nieuwpoort et al.'s
 * balancers do, half of what it offers, as seeds 000 and 001 chunk their steals so that work spreads
 * in fewer round trips over many nodes and long links, or a fixed number. One setting for every
 * balancer: {@code -Dsatin.stealChunk=1|half|N}, or {@code chunk=} in the balancer's spec.
 *
 * @param half whether the victim gives half of the jobs it offers (at least one)
 * @param jobs the number given if not {@code half}
 */
public record StealChunk(boolean half, int jobs) {

    /**
     * The system property every balancer takes its chunk from, unless its spec names one: the name
     * of {@link Settings#STEAL_CHUNK}, spelt out as a constant that annotations can name.
     */
    public static final String PROPERTY = "satin.stealChunk";
    /** The syntax of {@code -Dsatin.stealChunk}, for the start-up check of every setting. */
    public static final Syntax SYNTAX = Syntax.parsedNamingItselfBy(v -> parse(v, "-D" + PROPERTY));
    /** The most jobs one reply may carry: a bound on what one request can move, and on the reply's burst on a link. */
    public static final int MAX_JOBS = 64;
    /** Seed 004's balancers: one job a steal. */
    public static final StealChunk ONE = new StealChunk(false, 1);

    public StealChunk {
        if (!half && (jobs < 1 || jobs > MAX_JOBS)) {
            throw new IllegalArgumentException("a steal chunk is 1 to " + MAX_JOBS + " jobs, not " + jobs);
        }
    }

    /**
     * The chunk {@code text} names ("1", "half", "8"); {@code where} names the setting in the error.
     *
     * @throws IllegalArgumentException naming {@code where} and the value if it is none of these
     */
    public static StealChunk parse(String text, String where) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("half")) {
            return new StealChunk(true, 0);
        }
        try {
            int n = Integer.parseInt(t);
            if (n >= 1 && n <= MAX_JOBS) {
                return n == 1 ? ONE : new StealChunk(false, n);
            }
        } catch (NumberFormatException e) {
            // refused below, with the setting's name
        }
        throw new IllegalArgumentException(where + " must be 1, half, or a number of jobs up to " + MAX_JOBS
                + ", not '" + text + "'");
    }

    /** The chunk {@code -Dsatin.stealChunk} names; one job if it is not set. */
    public static StealChunk fromProperty() {
        String v = Settings.STEAL_CHUNK.raw();
        return v == null ? ONE : parse(v, "-D" + PROPERTY);
    }

    /**
     * The fewest jobs a worker's deque must offer to thieves for this chunk: one for one job a
     * steal, else every job up to a chunk's bound, for a chunk is taken from what is offered.
     */
    public int offered() {
        return equals(ONE) ? 1 : MAX_JOBS;
    }

    /** How many jobs to give when {@code offered} wait: never none, for a victim with one job gives it. */
    public int jobsOf(int offered) {
        return half ? Math.max(1, Math.min(MAX_JOBS, offered / 2)) : jobs;
    }

    @Override
    public String toString() {
        return half ? "half" : Integer.toString(jobs);
    }
}
