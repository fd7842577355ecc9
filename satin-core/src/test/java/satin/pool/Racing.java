package satin.pool;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import satin.runtime.InvocationRecord;
import satin.runtime.Worker;

/**
 * One invocation written by hand in record form, shaped so that the pool ships its jobs: it
 * spawns {@code n} siblings in program order, runs the code between its spawns and its sync, and
 * syncs. One sibling fails; one may spawn leaves in a loop until something stops it. The siblings
 * note on static counters (a side channel every node of a pool in this JVM shares, whatever copy of
 * the receiver it runs) when they started and whether they finished.
 */
public class Racing {

    /** How often the spawning sibling spawns two leaves and syncs, if nothing stops it. */
    static final long LOTS = 100_000_000L;

    static final AtomicIntegerArray STARTED = new AtomicIntegerArray(8);
    static final AtomicIntegerArray FINISHED = new AtomicIntegerArray(8);
    static final AtomicLong ROUNDS = new AtomicLong();
    static volatile boolean spawnerEnded;

    public final int n;
    public final int failing;
    public final int spawner;

    public Racing(int n, int failing, int spawner) {
        this.n = n;
        this.failing = failing;
        this.spawner = spawner;
    }

    /** Forgets what an earlier run noted. */
    static void reset() {
        for (int i = 0; i < STARTED.length(); i++) {
            STARTED.set(i, 0);
            FINISHED.set(i, 0);
        }
        ROUNDS.set(0);
        spawnerEnded = false;
    }

    /** The siblings that started, as a string of 0s and 1s in program order. */
    String started() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append(STARTED.get(i));
        }
        return b.toString();
    }

    /** The invocation: spawns, hands the records to {@code between}, syncs; throws what the sync throws. */
    public void parent(Consumer<InvocationRecord[]> between) {
        Worker w = Worker.current();
        int mark = w.mark();
        InvocationRecord[] records = new InvocationRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new Racing$$Spawn0(this, i).atSite(i);
            w.spawn(records[i]);
        }
        between.accept(records);
        w.syncAll(mark);
    }

    /** Sibling {@code i}; a negative one is a leaf, which does nothing. */
    public long sibling(int i) {
        if (i < 0) {
            return 0;
        }
        STARTED.incrementAndGet(i);
        if (i == failing) {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (spawner >= 0 && STARTED.get(spawner) == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // fails once the spawner runs, so that there is something to stop
            }
            throw new IllegalStateException("sibling " + i + " failed");
        }
        if (i == spawner) {
            spawnLeaves();
        }
        FINISHED.incrementAndGet(i);
        return i;
    }

    private void spawnLeaves() {
        try {
            Worker w = Worker.current();
            for (long k = 0; k < LOTS; k++) {
                int mark = w.mark();
                w.spawn(new Racing$$Spawn0(this, -1));
                w.spawn(new Racing$$Spawn0(this, -1));
                w.syncAll(mark);
                ROUNDS.incrementAndGet();
            }
        } finally {
            spawnerEnded = true;
        }
    }
}
