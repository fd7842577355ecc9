package satin.deque;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The Chase-Lev lock-free deque (Chase and Lev, SPAA 2005, with the memory-model placement of
 * fences of Lê et al., PPoPP 2013). Thieves see every pushed item at once; the price is a full
 * fence in every owner pop. Kept as the measured alternative to {@link SplitDeque}.
 */
public final class ChaseLevDeque<T> implements WorkDeque<T> {

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle ARRAY;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(ChaseLevDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(ChaseLevDeque.class, "bottom", long.class);
            ARRAY = lookup.findVarHandle(ChaseLevDeque.class, "array", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The thieves' end: the oldest item. Advanced only by compare-and-set. */
    private long top;
    /** The owner's end: the next free slot. */
    private long bottom;
    /** Replaced, never mutated in place, when the owner grows it; thieves may still read the old one. */
    private Object[] array;

    public ChaseLevDeque() {
        this(256);
    }

    public ChaseLevDeque(int initialCapacity) {
        array = new Object[Integer.highestOneBit(Math.max(2, initialCapacity - 1)) << 1];
    }

    @Override
    public void push(T item) {
        long b = bottom;
        long t = (long) TOP.getAcquire(this);
        Object[] a = array;
        if (b - t > a.length - 1) {
            a = grow(a, t, b);
        }
        SLOT.setRelease(a, (int) b & (a.length - 1), item);
        BOTTOM.setRelease(this, b + 1);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T pop() {
        long b = bottom - 1;
        Object[] a = array;
        BOTTOM.setOpaque(this, b);
        VarHandle.fullFence();
        long t = (long) TOP.getOpaque(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1);
            return null;
        }
        T item = (T) SLOT.getOpaque(a, (int) b & (a.length - 1));
        if (t == b) {
            // The last item: a thief may be taking it too; the compare-and-set decides.
            if (!TOP.compareAndSet(this, t, t + 1)) {
                item = null;
            }
            BOTTOM.setOpaque(this, b + 1);
        }
        return item;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T steal() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();
        long b = (long) BOTTOM.getAcquire(this);
        if (t >= b) {
            return null;
        }
        Object[] a = (Object[]) ARRAY.getAcquire(this);
        T item = (T) SLOT.getAcquire(a, (int) t & (a.length - 1));
        return TOP.compareAndSet(this, t, t + 1) ? item : null;
    }

    @Override
    public int size() {
        long n = (long) BOTTOM.getOpaque(this) - (long) TOP.getOpaque(this);
        return (int) Math.max(0, Math.min(n, Integer.MAX_VALUE));
    }

    private Object[] grow(Object[] a, long t, long b) {
        Object[] grown = new Object[a.length * 2];
        for (long k = t; k < b; k++) {
            grown[(int) k & (grown.length - 1)] = a[(int) k & (a.length - 1)];
        }
        ARRAY.setRelease(this, grown);
        return grown;
    }
}
