package satin.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The one way tests wait: for a condition, with a deadline, never for a fixed time. A test that
 * sleeps a fixed time passes on a quiet machine and fails on a busy one; a condition polled until
 * a deadline costs nothing when the machine is quick and waits as long as needed (up to the
 * deadline) when it is slow. Polls start at a millisecond and grow to 20 ms, so a condition that
 * holds soon is seen soon and a long wait does not spin.
 */
public final class Await {

    private static final long MAX_PAUSE_MILLIS = 20;

    private Await() {
    }

    /** Waits until {@code condition} holds; fails naming {@code what} if it has not within {@code within}. */
    public static void until(BooleanSupplier condition, Duration within, Supplier<String> what)
            throws InterruptedException {
        if (!holds(condition, within)) {
            throw new AssertionError("waited " + within.toMillis() / 1000.0 + " s in vain for " + what.get());
        }
    }

    /**
     * Waits until {@code condition} holds or {@code within} has passed, and says which: for a
     * test whose own assertion afterwards says more than a timeout could.
     */
    public static boolean holds(BooleanSupplier condition, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        long pause = 1;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return condition.getAsBoolean();
            }
            Thread.sleep(pause);
            pause = Math.min(MAX_PAUSE_MILLIS, pause * 2);
        }
        return true;
    }
}
