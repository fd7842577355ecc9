package satin.hazards;

import java.util.concurrent.atomic.AtomicInteger;
import satin.SatinObject;
import satin.Spawnable;

/**
 * A spawnable method with a guard (Satin++): a job of {@link #work} may run once {@link #round}
 * has reached its round. As written, nothing asks the guard; rewritten, {@code work} waits for it.
 */
public class Guarded extends SatinObject {

    /** Set by the test, as a replica's state would change when a write is applied. */
    public volatile int round;
    /** How many times the guard was asked, by any worker. */
    public final AtomicInteger asked = new AtomicInteger();

    @Spawnable
    public long work(int r, long x) {
        return r * 1_000L + x;
    }

    public boolean guard_work(int r, long x) {
        asked.incrementAndGet();
        return round >= r;
    }

    /** A guard may be private: the rewritten method calls it from inside the class. */
    @Spawnable
    public int privately(int r) {
        return r;
    }

    private boolean guard_privately(int r) {
        return round >= r;
    }

    /** Spawns its two halves, each guarded: a spawning method is guarded as a leaf is. */
    @Spawnable
    public long split(int r, long n) {
        if (n < 2) {
            long w = work(r, n);
            sync();
            return w;
        }
        long a = split(r, n / 2);
        long b = split(r, n - n / 2);
        sync();
        return a + b;
    }

    public boolean guard_split(int r, long n) {
        return round >= r;
    }
}
