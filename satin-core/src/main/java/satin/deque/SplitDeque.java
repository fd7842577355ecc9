package satin.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The default deque: a split deque whose owner never fences, never locks and never uses an atomic
 * instruction on its fast path.
 *
 * <p>The items form one contiguous range {@code [tail, head)}. A split point divides it into a
 * <em>public</em> part {@code [tail, split)}, which thieves take from under a small lock, and a
 * <em>private</em> part {@code [split, head)}, which only the owner touches, with plain loads and
 * stores. A lock-free deque (Chase-Lev, THE) needs a full fence in every owner pop because owner
 * and thief may race for the last item; here they can never race for a private item, so the
 * fence, and the lock, are needed only when the owner reaches into the public part.
 *
 * <p>The owner keeps work available to thieves: whenever it pushes or pops and finds the public
 * part empty, it publishes its oldest private item, the coarsest one, by moving the split up by
 * one (a release store). So thieves always see the oldest job unless the owner has published it
 * and not pushed or popped since; the price is that a job pushed just before a long sequential
 * stretch of the owner may wait for the owner's next push or pop before a thief can see it.
 * In a depth-first spawn tree the owner reaches into the public part only along one path of the
 * tree, so its locked operations are a vanishing fraction of all pops (see
 * {@code docs/decisions/0001-split-deque.md} for the measurements).
 */
public final class SplitDeque<T> extends SplitDequeFields implements WorkDeque<T> {

    private static final VarHandle HEAD;
    private static final VarHandle SPLIT;
    private static final VarHandle TAIL;
    private static final VarHandle LOCK;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            HEAD = lookup.findVarHandle(SplitDequeOwner.class, "head", long.class);
            SPLIT = lookup.findVarHandle(SplitDequeShared.class, "split", long.class);
            TAIL = lookup.findVarHandle(SplitDequeShared.class, "tail", long.class);
            LOCK = lookup.findVarHandle(SplitDequeShared.class, "lock", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int INITIAL_CAPACITY = 256;
    private static final Runnable NOBODY = () -> { };

    /** Told, on the owner's thread, whenever an item becomes visible to thieves. */
    private final Runnable onPublish;

    public SplitDeque() {
        this(INITIAL_CAPACITY, NOBODY);
    }

    /**
     * @param onPublish run by the owner each time it offers an item to thieves, for example to
     *                  wake an idle thief; it must be quick
     */
    public SplitDeque(int initialCapacity, Runnable onPublish) {
        int capacity = Integer.highestOneBit(Math.max(2, initialCapacity - 1)) << 1;
        items = new Object[capacity];
        mask = capacity - 1;
        this.onPublish = onPublish;
    }

    @Override
    public void push(T item) {
        long h = head;
        if (h - knownTail >= items.length) {
            makeRoom(h);
        }
        items[(int) h & mask] = item;
        HEAD.setOpaque(this, h + 1);
        if (ownSplit == (long) TAIL.getAcquire(this)) {
            publishOldest();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public T pop() {
        long h = head - 1;
        long s = ownSplit;
        if (h < s) {
            return popPublic();
        }
        Object[] a = items;
        int i = (int) h & mask;
        T item = (T) a[i];
        a[i] = null;
        HEAD.setOpaque(this, h);
        if (h > s && s == (long) TAIL.getAcquire(this)) {
            publishOldest();
        }
        return item;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T steal() {
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
            Object[] a = items;
            int i = (int) t & mask;
            T item = (T) a[i];
            a[i] = null;
            TAIL.setRelease(this, t + 1);
            return item;
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    @Override
    public int size() {
        long n = (long) HEAD.getOpaque(this) - (long) TAIL.getAcquire(this);
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }

    /** How many items thieves can see right now. */
    public int publicSize() {
        long n = (long) SPLIT.getAcquire(this) - (long) TAIL.getAcquire(this);
        return (int) Math.max(0, n);
    }

    /** The public part is empty: offer the oldest private item, if there is one, to thieves. */
    private void publishOldest() {
        long s = ownSplit;
        if (s < head) {
            ownSplit = s + 1;
            SPLIT.setRelease(this, s + 1);
            onPublish.run();
        }
    }

    /** The private part is empty: take the newest public item back, racing thieves under the lock. */
    @SuppressWarnings("unchecked")
    private T popPublic() {
        long s = ownSplit;
        if (s == (long) TAIL.getAcquire(this)) {
            return null; // all taken; tail never passes the split
        }
        lockAsOwner();
        try {
            if (tail >= s) {
                return null;
            }
            s--;
            ownSplit = s;
            SPLIT.setRelease(this, s);
            HEAD.setOpaque(this, s);
            int i = (int) s & mask;
            T item = (T) items[i];
            items[i] = null;
            return item;
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }

    /** The array looks full: re-read the tail, and grow if it really is. */
    private void makeRoom(long h) {
        knownTail = (long) TAIL.getAcquire(this);
        if (h - knownTail < items.length) {
            return;
        }
        lockAsOwner();
        try {
            long t = tail;
            Object[] old = items;
            Object[] grown = new Object[old.length * 2];
            int newMask = grown.length - 1;
            for (long k = t; k < h; k++) {
                grown[(int) k & newMask] = old[(int) k & mask];
            }
            items = grown;
            mask = newMask;
            knownTail = t;
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
abstract class SplitDequeOwner {
    Object[] items;
    int mask;
    long head;
    long ownSplit;
    long knownTail;
}

abstract class SplitDequeOwnerPad extends SplitDequeOwner {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The fields thieves read and write, away from the owner's. */
abstract class SplitDequeShared extends SplitDequeOwnerPad {
    long split;
    long tail;
    long lock; // a long, so that the layout cannot move it into a gap among the owner's fields
}

abstract class SplitDequeFields extends SplitDequeShared {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}
