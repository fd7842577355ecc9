package satin.pool;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;

/**
 * How long to wait before a link that failed to form is dialled again, per member: bounded
 * exponential back-off with jitter (docs/decisions/0037-links-form-again.md). The first wait is
 * short, since most failures are a peer too busy for one handshake; each failure in a row doubles
 * it, up to a ceiling below the failure timeout, so that a live member is tried several times
 * before a dead one is declared dead; a wait is drawn between half of it and all of it, so that
 * members that failed to reach one starved node in the same second do not all come back in the
 * same second. A link that forms starts the count again.
 */
final class LinkBackoff {

    /** The first wait: longer than a handshake on a quiet host, short for a member waiting for work. */
    static final long FIRST_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /** The longest wait, unless half the failure timeout is shorter. */
    static final long CEILING_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final long ceilingNanos;
    /** Draws a wait between 0 and its argument, inclusive: random, or fixed in a test. */
    private final LongUnaryOperator jitter;
    /** Failures in a row, per member. */
    private final Map<Integer, Integer> failures = new ConcurrentHashMap<>();

    /** @param failureTimeoutNanos how long a silent member has before it is declared dead */
    LinkBackoff(long failureTimeoutNanos) {
        this(failureTimeoutNanos, bound -> ThreadLocalRandom.current().nextLong(bound + 1));
    }

    LinkBackoff(long failureTimeoutNanos, LongUnaryOperator jitter) {
        this.ceilingNanos = Math.max(FIRST_NANOS, Math.min(CEILING_NANOS, failureTimeoutNanos / 2));
        this.jitter = jitter;
    }

    /** A link to {@code member} failed to form: how long to wait before the next attempt. */
    long failed(int member) {
        int inRow = failures.merge(member, 1, Integer::sum);
        long full = Math.min(ceilingNanos, FIRST_NANOS << Math.min(inRow - 1, 20));
        return full / 2 + jitter.applyAsLong(full - full / 2);
    }

    /** Whether the last attempt to form a link to {@code member} failed too: a repeat is not worth a warning. */
    boolean failing(int member) {
        return failures.containsKey(member);
    }

    /** A link to {@code member} formed, or it left: the next failure waits the shortest again. */
    void reset(int member) {
        failures.remove(member);
    }

    /** The longest wait between two attempts. */
    long ceilingNanos() {
        return ceilingNanos;
    }
}
