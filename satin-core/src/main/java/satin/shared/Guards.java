package satin.shared;

import java.util.concurrent.TimeUnit;
import satin.config.Settings;
import satin.runtime.Abandoned;
import satin.runtime.Worker;

/**
 * Where a job whose guard does not hold waits (Satin++'s guards; the rewriter puts the call in
 * front of each guarded method): until a replica here changes, or for a short while at most, since
 * a write to an object that never left its node changes nothing the replicas see. A guard that
 * has not held for {@code satin.guardWait} seconds fails the job, naming the guard: the program
 * never made it true, and a run that waits for ever is worse than one that says why it stopped. A
 * job whose work was abandoned or cancelled meanwhile stops waiting, as it would stop at a spawn.
 */
public final class Guards {

    /** The longest wait between two askings of a guard, when nothing wakes the job earlier. */
    static final long POLL_MILLIS = 10;

    private static final Object CHANGED = new Object();

    private Guards() {
    }

    /**
     * Waits once for a change; {@code since} is when the job began waiting (0 at the first call),
     * and the value to pass the next time.
     *
     * @throws IllegalStateException once {@code guard} has not held for the time limit, or when
     *     the thread is interrupted (its node is closing)
     * @throws Abandoned when the job's work was abandoned or cancelled: it unwinds to its root
     */
    public static long await(long since, String guard) {
        Worker.unwindIfAbandoned(guard);
        long now = System.nanoTime();
        long began = since == 0 ? now : since;
        long limit = TimeUnit.SECONDS.toNanos(Settings.GUARD_WAIT.longValue());
        if (now - began > limit) {
            throw new IllegalStateException(guard + " has not held for " + TimeUnit.NANOSECONDS.toSeconds(now - began)
                    + " s (satin.guardWait): a job of the method it guards waits for shared objects to reach a state"
                    + " that no write made");
        }
        synchronized (CHANGED) {
            try {
                CHANGED.wait(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + guard + " to hold", e);
            }
        }
        return began;
    }

    /** A replica here changed (a write applied, a state taken): every waiting job asks its guard again. */
    static void changed() {
        synchronized (CHANGED) {
            CHANGED.notifyAll();
        }
    }
}
