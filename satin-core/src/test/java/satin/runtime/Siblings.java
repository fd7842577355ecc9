package satin.runtime;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import satin.shared.Guards;
import satin.testing.Await;

/**
 * One invocation written by hand in record form (as the rewriter writes spawns into array
 * elements): it spawns {@code n} siblings in program order, runs the code between its spawns and
 * its sync, and syncs. One sibling fails. Each sibling notes, on a clock all share, when it
 * started, and whether it finished: the side channel the tests read. The sequential program runs
 * the siblings up to the failing one and never starts a later one.
 */
final class Siblings {

    /** How often the spawning sibling spawns two leaves and syncs, if nothing stops it: minutes of work. */
    static final long LOTS = 100_000_000L;

    final int n;
    final int failing;
    final AtomicIntegerArray started;
    final AtomicIntegerArray finished;
    final long[] startedAt;
    final AtomicLong clock = new AtomicLong();
    volatile long failedAt = Long.MAX_VALUE;
    final InvocationRecord[] records;
    /** The sibling that spawns leaves in a loop, or -1; and how far it came. */
    int spawner = -1;
    final AtomicLong rounds = new AtomicLong();
    volatile boolean spawnerEnded;
    /** The sibling that waits for a guard that never holds, or -1; and whether it stopped waiting. */
    int guarded = -1;
    volatile boolean guardLeft;
    /** What the failing sibling waits for before it fails: by default, nothing. */
    IntPredicate failWhen = i -> true;

    Siblings(int n, int failing) {
        this.n = n;
        this.failing = failing;
        this.started = new AtomicIntegerArray(n);
        this.finished = new AtomicIntegerArray(n);
        this.startedAt = new long[n];
        this.records = new InvocationRecord[n];
    }

    /** The invocation: spawns, runs {@code between}, syncs; throws what the sync throws. */
    void parent(Runnable between) {
        Worker w = Worker.current();
        int mark = w.mark();
        for (int i = 0; i < n; i++) {
            records[i] = new Sibling(this, i).atSite(i);
            w.spawn(records[i]);
        }
        between.run();
        w.syncAll(mark);
    }

    /** For {@code between}: waits until the failing sibling's failure is known to the spawner's node. */
    void awaitFailure() {
        awaitQuietly(() -> records[failing].failure() != null, "sibling " + failing + " to fail");
    }

    /** For {@code between}: waits until sibling {@code i} started. */
    void awaitStarted(int i) {
        awaitQuietly(() -> started.get(i) > 0, "sibling " + i + " to start");
    }

    static void awaitQuietly(BooleanSupplier condition, String what) {
        try {
            Await.until(condition, Duration.ofSeconds(30), () -> what);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void body(int i) {
        startedAt[i] = clock.incrementAndGet();
        started.incrementAndGet(i);
        if (i == failing) {
            awaitQuietly(() -> failWhen.test(i), "what sibling " + i + " fails after");
            failedAt = clock.incrementAndGet();
            throw new IllegalStateException("sibling " + i + " failed");
        }
        if (i == spawner) {
            spawnLeaves();
        }
        if (i == guarded) {
            awaitGuardThatNeverHolds();
        }
        finished.incrementAndGet(i);
    }

    /** Spawns two leaves and syncs, again and again: a later sibling that stops only if it is told to. */
    private void spawnLeaves() {
        try {
            Worker w = Worker.current();
            for (long k = 0; k < LOTS; k++) {
                int mark = w.mark();
                w.spawn(new Leaf());
                w.spawn(new Leaf());
                w.syncAll(mark);
                rounds.incrementAndGet();
            }
        } finally {
            spawnerEnded = true;
        }
    }

    /** What rewritten code does in front of a guarded method whose guard does not hold (satin.guardWait: 60 s). */
    private void awaitGuardThatNeverHolds() {
        try {
            long since = 0;
            while (true) {
                since = Guards.await(since, "Siblings.guard_never");
            }
        } finally {
            guardLeft = true;
        }
    }

    /** Whether a sibling after the failing one started after the failure. */
    boolean aLaterOneStartedAfterTheFailure() {
        for (int i = failing + 1; i < n; i++) {
            if (started.get(i) > 0 && startedAt[i] > failedAt) {
                return true;
            }
        }
        return false;
    }

    /** The siblings that started, as a string of 0s and 1s in program order. */
    String startedOnes() {
        return ones(started);
    }

    String finishedOnes() {
        return ones(finished);
    }

    private String ones(AtomicIntegerArray a) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(a.get(i));
        }
        return b.toString();
    }

    /** The record of one sibling's call. */
    static final class Sibling extends InvocationRecord {
        private final Siblings of;
        private final int i;

        Sibling(Siblings of, int i) {
            this.of = of;
            this.i = i;
        }

        @Override
        protected void invoke() {
            of.body(i);
        }
    }

    /** A call that does nothing, but is spawned. */
    static final class Leaf extends InvocationRecord {
        @Override
        protected void invoke() {
            // nothing: its spawn and its sync are what count
        }
    }
}
