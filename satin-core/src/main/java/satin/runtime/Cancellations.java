package satin.runtime;

import java.util.Arrays;

/**
 * A worker's cancelling of the jobs it spawned after one that a thief took and that failed
 * (docs/decisions/0052). The thread that learns of the failure (the thief's worker, or the event
 * loop that read the result) cancels what the worker's deque lets it reach: the later jobs thieves
 * took and those offered to them ({@link satin.deque.WorkDeque#cancelAfter}), and leaves the rest with the
 * worker, which gives up its private later jobs at its next push or pop that finds nothing to
 * offer ({@link #giveUp}), as abandoned work stops there (docs/decisions/0015). A sync that took
 * its stolen records before the failure was known stops the later ones itself ({@link
 * #stopAfterFirstFailure}).
 */
final class Cancellations {

    private static final LaterJobs[] NONE = {};

    private final Worker owner;
    /** Failures whose later jobs the owner has not forgotten yet: read by thieves and the owner. */
    private volatile LaterJobs[] pending = NONE;
    /** Failures of jobs stolen from this worker so far: a sync waiting for stolen ones looks again when it grows. */
    private volatile int failures;

    Cancellations(Worker owner) {
        this.owner = owner;
    }

    /** Any thread: the job a thief took from {@code index} of the owner's deque failed. */
    void failed(InvocationRecord job, int index) {
        LaterJobs later = new LaterJobs(owner, job, index);
        add(later); // first: the owner's next push or pop, and a thief's next steal, see it
        owner.deque.cancelAfter(index, later);
        later.passOn();
        bump();
    }

    /**
     * Owner, told by its deque before it offers a job or pops while it offers none: gives up the
     * jobs from after each failed one that are still in its deque, unless it runs other work on top
     * of them (a job it took while a sync waits), whose spawns are not theirs.
     */
    void giveUp() {
        for (LaterJobs later : pending) {
            if (!later.stillPending()) {
                remove(later);
            } else if (owner.rootMarkAt(Integer.MAX_VALUE) <= later.index) {
                owner.deque.giveUpFrom(later.index + 1, later);
            }
        }
    }

    /** A thief, under the deque's lock: whether the job in {@code slot} came after a failed one. */
    boolean covers(Slot slot) {
        for (LaterJobs later : pending) {
            if (later.later(slot) && later.stillStolen(owner.deque.slot(later.index))) {
                return true;
            }
        }
        return false;
    }

    /** Owner: its stolen jobs from {@code mark} up are forgotten; so are the failures among them. */
    void forgotten(int mark) {
        for (LaterJobs later : pending) {
            if (later.index >= mark) {
                remove(later);
            }
        }
    }

    /** How many jobs stolen from this worker failed so far. */
    int failures() {
        return failures;
    }

    /**
     * Owner, at a sync waiting for its stolen spawns (in program order): the spawns after the
     * first that failed are told to stop, those from {@code stoppedFrom} on already were.
     *
     * @return where stopping begins from now on
     */
    int stopAfterFirstFailure(InvocationRecord[] stolen, int stoppedFrom) {
        for (int i = 0; i < stoppedFrom; i++) {
            InvocationRecord r = stolen[i];
            if (r.isDone() && r.failure != null && !Abandoned.in(r.failure)) {
                for (int j = i + 1; j < stoppedFrom; j++) {
                    if (LaterJobs.stop(stolen[j], owner)) {
                        owner.node.cancelled(stolen[j].lineage());
                    }
                }
                return i + 1;
            }
        }
        return stoppedFrom;
    }

    private synchronized void bump() {
        failures++;
    }

    private synchronized void add(LaterJobs later) {
        LaterJobs[] now = Arrays.copyOf(pending, pending.length + 1);
        now[now.length - 1] = later;
        pending = now;
    }

    private synchronized void remove(LaterJobs later) {
        LaterJobs[] now = pending;
        for (int i = 0; i < now.length; i++) {
            if (now[i] == later) {
                LaterJobs[] fewer = new LaterJobs[now.length - 1];
                System.arraycopy(now, 0, fewer, 0, i);
                System.arraycopy(now, i + 1, fewer, i, now.length - i - 1);
                pending = fewer;
                return;
            }
        }
    }
}
