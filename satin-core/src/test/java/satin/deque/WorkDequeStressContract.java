package satin.deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The concurrent half of the deque contract: an owner that pushes, pops and resets exactly as the
 * runtime does (a random spawn tree, each invocation popping its own jobs and forgetting the
 * stolen ones at its sync) against thieves stealing as fast as they can. Every job must come out
 * exactly once, and the owner must find, in the slots of the jobs it did not get back, exactly
 * the jobs the thieves report.
 */
abstract class WorkDequeStressContract {

    static final int THIEVES = 3;
    /** Steals enough to have tested the races; the owner makes sure they happen, however loaded the machine. */
    static final int ENOUGH_STEALS = 1000;

    abstract WorkDeque<Cell> newDeque();

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void noJobIsLostOrTakenTwiceUnderConcurrentThieves() throws Exception {
        Report report = hammer(newDeque(), 3_000_000, 42, false);
        System.out.println(getClass().getSimpleName() + ": " + report);
        assertTrue(report.stolen > ENOUGH_STEALS, "the thieves hardly got a job: the test proved nothing");
        assertTrue(report.popped > 0, "the owner never got a job back: the test proved nothing");
    }

    /**
     * Thieves that take chunks as a victim node gives a steal-half request (decision 0024): up to
     * half of the deque's jobs, one ordinary steal after another, while the owner pushes and pops.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void noJobIsLostOrTakenTwiceWhenThievesTakeChunks() throws Exception {
        Report report = hammer(newDeque(), 3_000_000, 43, false, true);
        System.out.println(getClass().getSimpleName() + " (chunks): " + report);
        assertTrue(report.stolen > ENOUGH_STEALS, "the thieves hardly got a job: the test proved nothing");
        assertTrue(report.popped > 0, "the owner never got a job back: the test proved nothing");
    }

    /** What one run did. */
    record Report(int jobs, int popped, int stolen) {
    }

    /**
     * Runs the owner protocol against {@link #THIEVES} thieves for {@code jobs} jobs.
     *
     * @param stopAtFirstError return as soon as a job is seen twice, for the broken-deque test
     * @throws AssertionError naming the first job lost, taken twice, or misreported
     */
    static Report hammer(WorkDeque<Cell> deque, int jobs, long seed, boolean stopAtFirstError) throws Exception {
        return hammer(deque, jobs, seed, stopAtFirstError, false);
    }

    /** {@link #hammer(WorkDeque, int, long, boolean)}, each thief taking a chunk of up to half the jobs if {@code chunks}. */
    static Report hammer(WorkDeque<Cell> deque, int jobs, long seed, boolean stopAtFirstError, boolean chunks)
            throws Exception {
        AtomicIntegerArray taken = new AtomicIntegerArray(jobs);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger steals = new AtomicInteger();
        List<List<Integer>> thiefTakes = new ArrayList<>();
        List<Thread> thieves = new ArrayList<>();
        for (int t = 0; t < THIEVES; t++) {
            List<Integer> mine = new ArrayList<>();
            thiefTakes.add(mine);
            int thiefId = t;
            Thread thief = new Thread(() -> {
                while (!stop.get()) {
                    int chunk = chunks ? Math.max(1, deque.size() / 2) : 1;
                    for (int k = 0; k < chunk; k++) {
                        Integer id = deque.steal(c -> {
                            c.takenBy = thiefId;
                            return c.id;
                        });
                        if (id == null) {
                            Thread.onSpinWait();
                            break;
                        }
                        mine.add(id);
                        steals.incrementAndGet();
                        if (taken.incrementAndGet(id) > 1 && stopAtFirstError) {
                            stop.set(true);
                        }
                    }
                }
            }, "thief-" + t);
            thieves.add(thief);
            thief.start();
        }
        Owner owner = new Owner(deque, jobs, new SplittableRandom(seed), taken, stop, stopAtFirstError, steals);
        try {
            owner.runAll();
        } finally {
            stop.set(true);
            for (Thread t : thieves) {
                t.join(10_000);
            }
        }
        int stolen = 0;
        List<Integer> reported = new ArrayList<>();
        for (List<Integer> l : thiefTakes) {
            stolen += l.size();
            reported.addAll(l);
        }
        for (int id = 0; id < owner.next; id++) {
            int times = taken.get(id);
            if (times != 1) {
                fail("job " + id + " came out " + times + " times");
            }
        }
        reported.sort(null);
        owner.seenStolen.sort(null);
        assertEquals(reported, owner.seenStolen, "the owner must find exactly the stolen jobs in their slots");
        assertEquals(deque.head(), 0);
        return new Report(owner.next, owner.popped, stolen);
    }

    /** The owner: a random spawn tree, synced the way the runtime syncs. */
    private static final class Owner {
        final WorkDeque<Cell> deque;
        final int jobs;
        final SplittableRandom random;
        final AtomicIntegerArray taken;
        final AtomicBoolean stop;
        final boolean stopAtFirstError;
        final List<Integer> seenStolen = new ArrayList<>();
        /** What the thieves took so far. */
        final AtomicInteger steals;
        int next;
        int popped;

        Owner(WorkDeque<Cell> deque, int jobs, SplittableRandom random, AtomicIntegerArray taken, AtomicBoolean stop,
                boolean stopAtFirstError, AtomicInteger steals) {
            this.steals = steals;
            this.deque = deque;
            this.jobs = jobs;
            this.random = random;
            this.taken = taken;
            this.stop = stop;
            this.stopAtFirstError = stopAtFirstError;
        }

        void runAll() {
            while (next < jobs - 64 && !stop.get()) {
                invocation(0);
            }
        }

        void pause() {
            if (steals.get() <= ENOUGH_STEALS) {
                // on a loaded machine the thieves may hardly run while the owner does: until they have
                // stolen enough, the owner gives them up to a millisecond to take one of its jobs
                int before = steals.get();
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1);
                while (steals.get() == before && System.nanoTime() < until && !stop.get()) {
                    Thread.yield();
                }
                return;
            }
            for (int i = random.nextInt(200); i > 0; i--) {
                Thread.onSpinWait();
            }
        }

        void invocation(int depth) {
            int mark = deque.head();
            int fanOut = 1 + random.nextInt(4);
            if (next + fanOut > jobs) {
                return;
            }
            for (int i = 0; i < fanOut; i++) {
                Cell c = deque.claim();
                c.id = next++;
                c.takenBy = -1;
                deque.push();
            }
            if (random.nextInt(8) == 0) {
                pause(); // let the thieves reach the jobs the owner is about to take back
            }
            int remaining = fanOut;
            while (remaining > 0 && deque.pop()) {
                remaining--;
                int id = deque.slot(deque.head()).id;
                popped++;
                if (taken.incrementAndGet(id) > 1 && stopAtFirstError) {
                    stop.set(true);
                }
                if (depth < 12 && random.nextInt(3) > 0 && next < jobs - 64) {
                    invocation(depth + 1);
                }
            }
            if (remaining > 0) {
                if (deque.head() != mark + remaining) {
                    fail("after a failed pop the head is " + deque.head() + ", expected " + (mark + remaining));
                }
                for (int i = mark; i < mark + remaining; i++) {
                    Cell c = deque.slot(i);
                    if (c.takenBy < 0 && !stopAtFirstError) {
                        fail("job " + c.id + " was neither popped nor marked by a thief");
                    }
                    seenStolen.add(c.id);
                }
                deque.resetTo(mark);
            }
        }
    }
}
