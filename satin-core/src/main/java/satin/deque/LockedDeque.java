package satin.deque;

import java.util.Arrays;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The reference deque: every operation under one monitor. Obviously correct, and the baseline the
 * split deque is measured against.
 */
public final class LockedDeque<S> extends WorkDeque<S> {

    private final Supplier<? extends S> newSlot;
    private Object[] slots;
    private int head;
    private int tail;
    private long pushes;

    public LockedDeque(Supplier<? extends S> newSlot) {
        this.newSlot = newSlot;
        this.slots = new Object[0];
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized S claim() {
        if (head == slots.length) {
            int old = slots.length;
            slots = Arrays.copyOf(slots, Math.max(16, old * 2));
            for (int i = old; i < slots.length; i++) {
                slots[i] = newSlot.get();
            }
        }
        return (S) slots[head];
    }

    @Override
    public synchronized void push() {
        head++;
        pushes++;
    }

    @Override
    public synchronized boolean pop() {
        if (head == tail) {
            return false;
        }
        head--;
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized <R> R steal(Function<? super S, ? extends R> capture) {
        if (tail == head) {
            return null;
        }
        return capture.apply((S) slots[tail++]);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized S slot(int index) {
        return (S) slots[index];
    }

    @Override
    public synchronized int head() {
        return head;
    }

    @Override
    public synchronized void resetTo(int index) {
        if (index > head || tail < head) {
            throw new IllegalStateException("reset to " + index + " with jobs " + tail + ".." + head + " not stolen");
        }
        head = index;
        tail = index;
    }

    @Override
    public synchronized int size() {
        return head - tail;
    }

    @Override
    public synchronized long pushes() {
        return pushes;
    }
}
