package satin.runtime;

import java.util.ArrayList;
import java.util.List;
import satin.deque.Cancelling;

/**
 * The jobs spawned on a worker after one that a thief took from it and that failed: the spawns of
 * the same invocation that come after the failed one in program order, with everything spawned
 * under them. The sequential program never ran them (docs/decisions/0052). As the worker's deque
 * meets them ({@link Cancelling}): those that wait there are dropped unrun, finished as abandoned,
 * so that the spawner's sync finds them stolen and never runs them; those a thief took are told to
 * stop (their lineage is abandoned: they stop at their next spawn or sync, here or on the node they
 * went to).
 */
final class LaterJobs implements Cancelling<Slot> {

    /** What a dropped job's sync meets: never a failure of the program, which has an earlier one. */
    static final Abandoned CANCELLED = new Abandoned("cancelled: an earlier spawn of the same invocation failed");

    private final Worker owner;
    final InvocationRecord failed;
    /** The failed job's index in the owner's deque. */
    final int index;
    /** The work of the later jobs thieves took, told to stop, to be abandoned where it went. */
    private final List<Lineage> stopped = new ArrayList<>();

    LaterJobs(Worker owner, InvocationRecord failed, int index) {
        this.owner = owner;
        this.failed = failed;
        this.index = index;
    }

    @Override
    public boolean stillStolen(Slot slot) {
        return slot.record == failed;
    }

    @Override
    public boolean later(Slot slot) {
        return slot.index > index && owner.rootMarkAt(slot.index) <= index;
    }

    /** Under the deque's lock, so that thieves do not race on the counter. */
    @Override
    public void stolen(Slot slot) {
        InvocationRecord record = slot.record;
        if (record != null && stop(record, owner)) {
            stopped.add(record.lineage());
        }
    }

    /**
     * Tells a job a thief took to stop, once: it is not done yet, and its work was not abandoned
     * before. Counted by the worker it was spawned on, on a thread that may write its counters.
     */
    static boolean stop(InvocationRecord record, Worker owner) {
        Lineage work = record.lineage();
        if (record.isDone() || work == null || !work.abandon()) {
            return false;
        }
        owner.stats.cancelled.incrementAndGet();
        return true;
    }

    @Override
    public void dropped(Slot slot) {
        InvocationRecord record = owner.copiesEverySpawn() ? slot.record : slot.capture();
        owner.stats.cancelled.incrementAndGet();
        record.finishElsewhere(CANCELLED);
    }

    /** The jobs told to stop were told under the deque's lock; where they run is told after it. */
    void passOn() {
        for (Lineage work : stopped) {
            owner.node.cancelled(work);
        }
        stopped.clear();
    }

    /** Owner: whether the failed job is still among its stolen ones, not forgotten by its sync. */
    boolean stillPending() {
        return owner.deque.head() > index && stillStolen(owner.deque.slot(index));
    }
}
