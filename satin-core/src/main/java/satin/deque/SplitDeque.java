package satin.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The default deque: a split deque whose owner never fences, never locks and never uses an atomic
 * instruction on its fast path.
 *
 * <p>The jobs are the slots {@code [tail, head)}. A split point divides them into a <em>public</em>
 * part {@code [tail, split)}, which thieves take from under a small lock, and a <em>private</em>
 * part {@code [split, head)}, which only the owner touches, with plain loads and stores. A
 * lock-free deque (Chase-Lev, THE) needs a full fence in every owner pop because owner and thief
 * may race for the last job; here they never race for a private job, so the fence, and the lock,
 * are needed only when the owner reaches into the public part.
 *
 * <p>The owner keeps work available to thieves: whenever it pushes or pops and finds fewer than
 * {@link #PUBLIC_TARGET} jobs in the public part, it publishes its oldest private job, the
 * coarsest one, by moving the split up by one (a release store), once {@code onPublish} agreed. So
 * thieves see the oldest jobs unless they were just taken and the owner has not pushed or popped
 * since; a job can wait for the owner's next push or pop before a thief sees it. In a depth-first spawn tree the owner reaches into the public part
 * only along one path of the tree, so its locked operations are a vanishing fraction of all pops.
 * See {@code docs/decisions/0001-spawn-fast-path.md} for the measurements.
 *
 * <p>The slots form a plain array from index 0 (the deque is empty, head 0, whenever the owner is
 * outside all jobs), so a slot is never reused while its job or a thief's notes in it are live.
 */
public final class SplitDeque<S> extends SplitDequeFields<S> {

    private static final VarHandle HEAD;
    private static final VarHandle PUSHES;
    private static final VarHandle SPLIT;
    private static final VarHandle TAIL;
    private static final VarHandle LOCK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SplitDequeOwner.class, "head", int.class);
            PUSHES = lookup.findVarHandle(SplitDequeOwner.class, "pushes", long.class);
            SPLIT = lookup.findVarHandle(SplitDequeShared.class, "split", long.class);
            TAIL = lookup.findVarHandle(SplitDequeShared.class, "tail", long.class);
            LOCK = lookup.findVarHandle(SplitDequeShared.class, "lock", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int INITIAL_CAPACITY = 64;
    /**
     * How many of the oldest jobs the owner keeps offered to thieves (property {@code
     * satin.offered}, default 1). One is enough while the owner pushes and pops often; but an owner
     * inside a long job (a leaf that waits, a sequential grain) offers only what it offered before
     * it went in (docs/decisions/0002 and 0008).
     */
    public static final int PUBLIC_TARGET = Offered.fromProperties(System.getProperties()); // read once: the JIT folds it

    private final Supplier<? extends S> newSlot;
    /** Told, on the owner's thread, whenever a job becomes visible to thieves, and before a pop while none is. */
    private final Runnable onPublish;
    /** Owner only: jobs pushed at or above this index are given up at once ({@link #giveUpFrom}). */
    private int givenUpFrom = Integer.MAX_VALUE;
    private Cancelling<? super S> givingUp;

    public SplitDeque(Supplier<? extends S> newSlot) {
        this(newSlot, () -> { });
    }

    /**
     * @param newSlot   makes the empty slots
     * @param onPublish run by the owner each time it is about to offer a job to thieves, for example
     *                  to wake an idle thief, and before it pops while it offers fewer than it
     *                  should; it must be quick. If it throws, the push or pop that was offering
     *                  does not happen: that is how an owner refuses to go on ({@link
     *                  WorkDeque#push()}); it may also give its jobs up ({@link #giveUpFrom})
     */
    public SplitDeque(Supplier<? extends S> newSlot, Runnable onPublish) {
        this.newSlot = newSlot;
        this.onPublish = onPublish;
        slots = new Object[INITIAL_CAPACITY];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = newSlot.get();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public S claim() {
        Object[] a = slots;
        int h = head;
        if (h >= a.length) {
            a = grow();
        }
        return (S) a[h];
    }

    @Override
    public void push() {
        if (ownSplit - tail < PUBLIC_TARGET) { // a plain read is enough for a hint; a stale tail only delays it
            pushAndPublish();
            return;
        }
        head++;
        pushes++;
    }

    @Override
    public boolean pop() {
        int h = head - 1;
        int s = ownSplit;
        if (h < s) {
            return popPublic();
        }
        if (s - tail < PUBLIC_TARGET) {
            return popWhileShort(h, s);
        }
        head = h;
        return true;
    }

    /**
     * A pop while the public part is short: the owner is told first, also when the job popped is
     * its last private one and there is nothing to publish, for it may refuse the pop by throwing
     * or give its jobs up ({@link #giveUpFrom}); then the oldest private job is offered, as a push
     * would offer it.
     */
    private boolean popWhileShort(int h, int s) {
        onPublish.run(); // before the pop: if the owner refuses, it does not pop either
        if (ownSplit != s) {
            return popPublic(); // it gave its jobs up: they count as stolen
        }
        if (h > s) {
            ownSplit = s + 1; // a thief it woke finds the job a moment later, as it looks again before it parks
            SPLIT.setRelease(this, (long) (s + 1));
        }
        head = h;
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R steal(Function<? super S, ? extends R> capture) {
        if ((long) TAIL.getAcquire(this) >= (long) SPLIT.getAcquire(this)) {
            return null;
        }
        if (!LOCK.compareAndSet(this, 0L, 1L)) {
            return null; // another thief or the owner is in: try another victim instead of queueing
        }
        try {
            long t = tail;
            if (t >= (long) SPLIT.getAcquire(this)) {
                return null;
            }
            R job = capture.apply((S) slots[(int) t]);
            TAIL.setRelease(this, t + 1);
            return job;
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public S slot(int index) {
        return (S) slots[index];
    }

    @Override
    public int head() {
        return head;
    }

    @Override
    public void resetTo(int index) {
        givenUpFrom = Integer.MAX_VALUE;
        lockAsOwner();
        try {
            if (index > head || tail < head) {
                throw new IllegalStateException("reset to " + index + " with jobs " + tail + ".." + head
                        + " not stolen");
            }
            HEAD.setOpaque(this, index);
            ownSplit = index;
            SPLIT.setRelease(this, (long) index);
            TAIL.setRelease(this, (long) index);
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    @Override
    public void discardTo(int index) {
        givenUpFrom = Integer.MAX_VALUE;
        lockAsOwner();
        try {
            long t = Math.min(tail, index);
            HEAD.setOpaque(this, index);
            ownSplit = index;
            SPLIT.setRelease(this, (long) index);
            TAIL.setRelease(this, t);
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    @Override
    public void cancelAfter(int index, Cancelling<? super S> c) {
        lockAsOwner(); // the thieves' lock: no steal, no reset, no reach into the public part meanwhile
        try {
            long t = tail;
            if (index >= t || !c.stillStolen(slot(index))) {
                return;
            }
            for (int i = index + 1; i < t; i++) {
                S later = slot(i);
                if (!c.later(later)) {
                    return;
                }
                c.stolen(later);
            }
            for (long split = (long) SPLIT.getAcquire(this); t < split && c.later(slot((int) t)); t++) {
                c.dropped(slot((int) t));
                TAIL.setRelease(this, t + 1);
            }
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    @Override
    public void giveUpFrom(int index, Cancelling<? super S> c) {
        lockAsOwner();
        try {
            if (tail < index) {
                return; // a job below index that no thief took would be left among stolen ones
            }
            for (long t = tail; t < head; t++) {
                c.dropped(slot((int) t));
            }
            giveUpAll(head);
        } finally {
            LOCK.setRelease(this, 0L);
        }
        if (index < givenUpFrom) {
            givenUpFrom = index;
            givingUp = c;
        }
    }

    /** Under the lock: every job below {@code h} counts as stolen. */
    private void giveUpAll(int h) {
        ownSplit = h;
        SPLIT.setRelease(this, (long) h);
        TAIL.setRelease(this, (long) h);
    }

    @Override
    public int size() {
        long n = (int) HEAD.getOpaque(this) - (long) TAIL.getAcquire(this);
        return (int) Math.max(0, n);
    }

    /** How many jobs thieves can see right now. */
    public int publicSize() {
        long n = (long) SPLIT.getAcquire(this) - (long) TAIL.getAcquire(this);
        return (int) Math.max(0, n);
    }

    @Override
    public long pushes() {
        return (long) PUSHES.getOpaque(this);
    }

    /** A push while the public part is short: the new job makes a private one to offer. */
    private void pushAndPublish() {
        onPublish.run(); // before anything moves: a refused push leaves the deque as it was
        int h = head;
        if (h >= givenUpFrom) {
            pushGivenUp(h);
            return;
        }
        int s = ownSplit; // read after: the owner may have given its jobs up meanwhile
        head = h + 1;
        pushes++;
        ownSplit = s + 1;
        SPLIT.setRelease(this, (long) (s + 1));
    }

    /** A push where jobs are given up: the job counts as stolen at once, and nobody runs it. */
    private void pushGivenUp(int h) {
        lockAsOwner();
        try {
            givingUp.dropped(slot(h));
            head = h + 1;
            pushes++;
            giveUpAll(h + 1);
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    /** The private part is empty: take the newest public job back, racing thieves under the lock. */
    private boolean popPublic() {
        int s = ownSplit;
        if (s == (long) TAIL.getAcquire(this)) {
            return false; // all stolen: the tail never passes the split
        }
        lockAsOwner();
        try {
            if (tail >= s) {
                return false;
            }
            s--;
            ownSplit = s;
            SPLIT.setRelease(this, (long) s);
            HEAD.setOpaque(this, s);
            return true;
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    /** Thieves read the array under the lock, so it is replaced under the lock. */
    private Object[] grow() {
        lockAsOwner();
        try {
            int old = slots.length;
            Object[] grown = Arrays.copyOf(slots, old * 2);
            for (int i = old; i < grown.length; i++) {
                grown[i] = newSlot.get();
            }
            slots = grown;
            return grown;
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    private void lockAsOwner() {
        int spins = 0;
        while (!LOCK.compareAndSet(this, 0L, 1L)) {
            // A thief holds the lock for a few loads and stores; yield only if it was descheduled.
            if (++spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}


/** The owner's fields, on cache lines of their own. */
abstract class SplitDequeOwner<S> extends WorkDeque<S> {
    Object[] slots;
    int head;
    int ownSplit;
    long pushes;
}

abstract class SplitDequeOwnerPad<S> extends SplitDequeOwner<S> {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The fields thieves write, away from the owner's. */
abstract class SplitDequeShared<S> extends SplitDequeOwnerPad<S> {
    long split;
    long tail;
    long lock; // longs, so that the field layout cannot move them into a gap among the owner's fields
}

abstract class SplitDequeFields<S> extends SplitDequeShared<S> {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
