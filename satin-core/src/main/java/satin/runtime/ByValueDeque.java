package satin.runtime;

import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntFunction;
import satin.deque.WorkDeque;

/**
 * The deque of a worker in by-value mode, in which every spawn is stolen at once by its own node:
 * its call is captured into a record, as a thief captures it, and copied through the pool's codec
 * ({@link JobCopier}). To the spawner every spawn is stolen ({@link #pop()} fails), so the
 * rewritten sync never runs the call with the arguments it kept, and always takes the result out
 * of the original record, where the copy's result was copied back.
 *
 * <p>The copies are offered newest first to the spawner's own sync ({@link #runOwn}), which runs
 * them depth-first as a normal sync runs what it pops, and oldest first to the other workers; the
 * copy's claim decides who runs it. Another node takes the oldest original instead (it receives
 * it by value anyway), and the copy is dropped. Copying every spawn is slow, so a lock-free queue
 * is plenty here.
 *
 * <p>Chosen when a node starts, so that a node not in this mode has no trace of it: its spawn fast
 * path has no test, and with this class never loaded its deque calls stay monomorphic.
 */
final class ByValueDeque extends WorkDeque<Slot> {

    private final JobCopier copier;
    /** Wakes an idle worker of the node: there is work to take. */
    private final Runnable onOffer;
    /** The lineage of the work a spawn at an index belongs to, which its copy and original carry. */
    private final IntFunction<Lineage> lineageAt;
    /** The copies not yet claimed (and some that were): newest first. */
    private final ConcurrentLinkedDeque<ByValueJob> offered = new ConcurrentLinkedDeque<>();
    private final AtomicInteger waiting = new AtomicInteger();
    private Slot[] slots = new Slot[64];
    /** The copy of each spawn below the head, index for index with {@link #slots}. Owner only. */
    private ByValueJob[] copies = new ByValueJob[64];
    private int head;
    private long pushes;

    ByValueDeque(JobCopier copier, Runnable onOffer, IntFunction<Lineage> lineageAt) {
        this.copier = copier;
        this.onOffer = onOffer;
        this.lineageAt = lineageAt;
        for (int i = 0; i < slots.length; i++) {
            slots[i] = new Slot();
        }
    }

    @Override
    public Slot claim() {
        if (head == slots.length) {
            int old = slots.length;
            slots = Arrays.copyOf(slots, old * 2);
            copies = Arrays.copyOf(copies, old * 2);
            for (int i = old; i < slots.length; i++) {
                slots[i] = new Slot();
            }
        }
        return slots[head];
    }

    /**
     * Captures and copies the call now: later, the spawner may change what it passed. The node is
     * told first, and may refuse the spawn by throwing.
     */
    @Override
    public void push() {
        onOffer.run();
        ByValueJob job = ByValueJob.of(slots[head].capture(), copier);
        Lineage lineage = lineageAt.apply(head);
        job.belongsTo(lineage);
        job.original().belongsTo(lineage);
        copies[head++] = job;
        pushes++;
        waiting.incrementAndGet();
        offered.addFirst(job);
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
                job.run();
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
    public void resetTo(int index) {
        for (int i = index; i < head; i++) {
            copies[i] = null;
        }
        head = index;
    }

    /** The copies above {@code index} are claimed here, so that no worker runs them, and dropped. */
    @Override
    public void discardTo(int index) {
        for (int i = index; i < head; i++) {
            ByValueJob job = copies[i];
            if (job != null && job.claim()) {
                waiting.decrementAndGet();
                offered.removeFirstOccurrence(job);
            }
        }
        resetTo(index);
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
