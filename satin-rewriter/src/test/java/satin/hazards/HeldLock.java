package satin.hazards;

import java.util.concurrent.locks.ReentrantLock;
import satin.SatinObject;
import satin.Spawnable;

/**
 * A recursion whose every call enters this object's monitor (a synchronized counter), called
 * by a thread that may hold that monitor already: the sequential program re-enters it, a worker
 * of the node cannot.
 */
public class HeldLock extends SatinObject {

    private long calls;
    private final Object other = new Object();
    private final ReentrantLock counting = new ReentrantLock();
    private long lockedCalls;

    /** fib counting its calls under a {@code ReentrantLock} instead of the object's monitor. */
    @Spawnable
    public long fibLocked(int n) {
        counting.lock();
        try {
            lockedCalls++;
        } finally {
            counting.unlock();
        }
        if (n < 2) {
            return n;
        }
        long x = fibLocked(n - 1);
        long y = fibLocked(n - 2);
        sync();
        return x + y;
    }

    public ReentrantLock counting() {
        return counting;
    }

    @Spawnable
    public long fib(int n) {
        count();
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    /** Like fib, but its leaves sleep, so that a call lasts long enough to be looked at while it runs. */
    @Spawnable
    public long slowLeaves(int n) throws InterruptedException {
        if (n < 2) {
            Thread.sleep(20);
            return n;
        }
        long x = slowLeaves(n - 1);
        long y = slowLeaves(n - 2);
        sync();
        return x + y;
    }

    /**
     * Holds this object's monitor across a call that spawns, every call of which takes it too. The
     * leaves sleep, so that the holder is busy for long enough for another worker to take a spawn.
     */
    @Spawnable
    public long lockedAcross(int n) throws InterruptedException {
        synchronized (this) {
            return spawning(n);
        }
    }

    private long spawning(int n) throws InterruptedException {
        long x = countedSlowly(n - 1);
        long y = countedSlowly(n - 2);
        sync();
        return x + y;
    }

    @Spawnable
    public long countedSlowly(int n) throws InterruptedException {
        count();
        long r = slowLeaves(n);
        sync();
        return r;
    }

    /** Runs {@link #lockedAcross} as a spawn, on a worker. */
    public long outer(int n) throws InterruptedException {
        long a = lockedAcross(n);
        sync();
        return a;
    }

    synchronized void count() {
        calls++;
    }

    public synchronized long calls() {
        return calls;
    }

    /** A lock the calls never take. */
    public Object other() {
        return other;
    }
}
