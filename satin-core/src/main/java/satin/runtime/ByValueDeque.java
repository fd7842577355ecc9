package satin.runtime;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;
import satin.deque.Cancelling;
import satin.deque.WorkDeque;

/**
 * The deque of a worker in by-value mode, in which every spawn is stolen at once by its own node:
 * its call is captured into a record, as a thief captures it, and copied through the pool's codec
 * ({@link JobCopier}). To the spawner every spawn is stolen ({@link #pop()} fails), so the
 * rewritten sync never runs the call with the arguments it kept, and always takes the result out
 * of the original record, where the copy's result was copied back.
 *
 * <p>The copies are offered newest first to the spawner's own sync ({@link #runOwn}), which runs
 * them depth-first as a normal sync runs what it pops, but each as the root of its own work, as a
 * thief runs what it took (their spawns go above the spawner's, not where a pop would leave
 * them, so a slot's index names the copy it belongs to), and oldest first to the other workers; the
 * copy's claim decides who runs it. Another node takes the oldest original instead (it receives
 * it by value anyway), and the copy is dropped. Copying every spawn is slow, so a lock-free queue
 * is plenty here.
 *
 * <p>Chosen when a node starts, so that a node not in this mode has no trace of it: its spawn fast
 * path has no test, and with this class never loaded its deque calls stay monomorphic. Its pushes
 * and resets take a lock, so that cancelling the spawns after one that failed ({@link
 * #cancelAfter}) sees them whole.
 */
final class ByValueDeque extends WorkDeque<Slot> {

    private final JobCopier copier;
    /** Wakes an idle worker of the node: there is work to take. */
    private final Runnable onOffer;
    /** Marks a spawn's original as taken from an index, with the lineage its copy carries too. */
    private final ObjIntConsumer<InvocationRecord> taken;
    /** Runs a copy at its spawner's sync, as the root of its own work, as a thief runs what it took. */
    private final Consumer<InvocationRecord> runAsRoot;
    /** The copies not yet claimed (and some that were): newest first. */
    private final ConcurrentLinkedDeque<ByValueJob> offered = new ConcurrentLinkedDeque<>();
    private final AtomicInteger waiting = new AtomicInteger();
    /** Numbered as a worker's deque numbers them: a slot's index names the root call its spawn belongs to. */
    private final Supplier<Slot> newSlot = Slot.numbered();
    private Slot[] slots = new Slot[64];
    /** The copy of each spawn below the head, index for index with {@link #slots}. Owner only. */
    private ByValueJob[] copies = new ByValueJob[64];
    private int head;
    private long pushes;
    /** Spawns at or above this index are given up at once ({@link #giveUpFrom}). */
    private int givenUpFrom = Integer.MAX_VALUE;
    private Cancelling<? super Slot> givingUp;

    ByValueDeque(JobCopier copier, Runnable onOffer, ObjIntConsumer<InvocationRecord> taken,
            Consumer<InvocationRecord> runAsRoot) {
        this.copier = copier;
        this.onOffer = onOffer;
        this.taken = taken;
        this.runAsRoot = runAsRoot;
        for (int i = 0; i < slots.length; i++) {
            slots[i] = newSlot.get();
        }
    }

    @Override
    public Slot claim() {
        if (head == slots.length) {
            int old = slots.length;
            slots = Arrays.copyOf(slots, old * 2);
            copies = Arrays.copyOf(copies, old * 2);
            for (int i = old; i < slots.length; i++) {
                slots[i] = newSlot.get();
            }
        }
        return slots[head];
    }

    /**
     * Captures and copies the call now: later, the spawner may change what it passed. The node is
     * told first, and may refuse the spawn by throwing.
     */
    @Override
    public synchronized void push() {
        onOffer.run();
        InvocationRecord original = slots[head].capture();
        taken.accept(original, head);
        ByValueJob job = ByValueJob.of(original, copier);
        job.belongsTo(original.lineage());
        copies[head] = job;
        if (head >= givenUpFrom && job.claim()) {
            drop(head, job, givingUp);
        } else {
            waiting.incrementAndGet();
            offered.addFirst(job);
        }
        head++;
        pushes++;
    }

    /** Every spawn was stolen, by this node itself if no other took it. */
    @Override
    public boolean pop() {
        return false;
    }

    /** For another worker of this node: the oldest copy, to run. */
    @Override
    @SuppressWarnings("unchecked")
    public <R> R steal(Function<? super Slot, ? extends R> capture) {
        return (R) claimOldest();
    }

    /**
     * For another node: the oldest original, which it copies as it receives it; the copy made here
     * is dropped. A call that could not be copied is not given away: it is finished here, with its
     * refusal.
     */
    InvocationRecord stealForRemote() {
        ByValueJob job = claimOldest();
        if (job != null && job.refused()) {
            job.run();
            return null;
        }
        return job == null ? null : job.original();
    }

    private ByValueJob claimOldest() {
        for (ByValueJob job = offered.pollLast(); job != null; job = offered.pollLast()) {
            if (job.claim()) {
                waiting.decrementAndGet();
                return job;
            }
        }
        return null;
    }

    /**
     * The spawner's sync: runs the copies of its spawns since {@code mark} that no other worker
     * claimed, newest first.
     */
    void runOwn(int mark) {
        for (int i = head - 1; i >= mark; i--) {
            ByValueJob job = copies[i];
            copies[i] = null;
            if (job.claim()) {
                waiting.decrementAndGet();
                offered.removeFirstOccurrence(job); // at the front: newer ones are gone already
                runAsRoot.accept(job);
            }
        }
    }

    @Override
    public Slot slot(int index) {
        return slots[index];
    }

    @Override
    public int head() {
        return head;
    }

    @Override
    public synchronized void resetTo(int index) {
        givenUpFrom = Integer.MAX_VALUE;
        for (int i = index; i < head; i++) {
            copies[i] = null;
        }
        head = index;
    }

    /** The copies above {@code index} are claimed here, so that no worker runs them, and dropped. */
    @Override
    public synchronized void discardTo(int index) {
        for (int i = index; i < head; i++) {
            claimed(i);
        }
        resetTo(index);
    }

    /**
     * The copy at {@code index}, claimed here so that no worker runs it; null if one did already.
     * The copy is returned, not read again: the spawner's sync takes copies out of the array
     * without this lock ({@link #runOwn}), and may have taken this one out meanwhile.
     */
    private ByValueJob claimed(int index) {
        ByValueJob job = copies[index];
        if (job != null && job.claim()) {
            waiting.decrementAndGet();
            offered.removeFirstOccurrence(job);
            return job;
        }
        return null;
    }

    @Override
    public synchronized void cancelAfter(int index, Cancelling<? super Slot> c) {
        if (index >= head || !c.stillStolen(slots[index])) {
            return;
        }
        for (int i = index + 1; i < head && c.later(slots[i]); i++) {
            ByValueJob job = claimed(i);
            if (job != null) {
                drop(i, job, c);
            } else {
                c.stolen(slots[i]);
            }
        }
    }

    @Override
    public synchronized void giveUpFrom(int index, Cancelling<? super Slot> c) {
        for (int i = index; i < head; i++) {
            ByValueJob job = claimed(i);
            if (job != null) {
                drop(i, job, c);
            }
        }
        if (index < givenUpFrom) {
            givenUpFrom = index;
            givingUp = c;
        }
    }

    /**
     * Drops the original of {@code job}, the copy at {@code index}, claimed here: the record the
     * spawner's sync waits for. It is handed over in a slot of its own, not the deque's: the
     * spawner's sync lets go of its slots' records without this lock ({@link StolenJoin}), and did
     * so between this writing the record into the deque's slot and the dropping reading it, which
     * killed a worker with a NullPointerException and hung its program (RandomProgramsTest under
     * CPU load: 2 of 2,500 programs hung, 2026-12-06).
     */
    private void drop(int index, ByValueJob job, Cancelling<? super Slot> c) {
        Slot alone = new Slot(index);
        alone.record = job.original();
        c.dropped(alone);
    }

    /** The copies waiting to run: the jobs of this deque. */
    @Override
    public int size() {
        return waiting.get();
    }

    @Override
    public long pushes() {
        return pushes;
    }
}
