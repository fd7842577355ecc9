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
    /** Told when an empty deque is about to get a job, as the split deque tells its owner when it offers one. */
    private final Runnable onPublish;
    private Object[] slots;
    private int head;
    private int tail;
    private long pushes;
    /** Jobs pushed at or above this index are given up at once ({@link #giveUpFrom}). */
    private int givenUpFrom = Integer.MAX_VALUE;
    private Cancelling<? super S> givingUp;

    public LockedDeque(Supplier<? extends S> newSlot) {
        this(newSlot, () -> { });
    }

    /**
     * @param onPublish run by the owner before a push into an empty deque, for example to wake an
     *                  idle thief; if it throws, the push does not happen
     */
    public LockedDeque(Supplier<? extends S> newSlot, Runnable onPublish) {
        this.newSlot = newSlot;
        this.onPublish = onPublish;
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
        if (head == tail) {
            onPublish.run();
        }
        if (head >= givenUpFrom) {
            givingUp.dropped(slot(head));
            tail = head + 1; // counts as stolen
        }
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
        givenUpFrom = Integer.MAX_VALUE;
    }

    @Override
    public synchronized void discardTo(int index) {
        head = index;
        tail = Math.min(tail, index);
        givenUpFrom = Integer.MAX_VALUE;
    }

    @Override
    public synchronized void cancelAfter(int index, Cancelling<? super S> c) {
        if (index >= tail || !c.stillStolen(slot(index))) {
            return;
        }
        for (int i = index + 1; i < tail; i++) {
            if (!c.later(slot(i))) {
                return;
            }
            c.stolen(slot(i));
        }
        while (tail < head && c.later(slot(tail))) {
            c.dropped(slot(tail++));
        }
    }

    @Override
    public synchronized void giveUpFrom(int index, Cancelling<? super S> c) {
        if (tail < index) {
            return; // a job below index that no thief took would be left among stolen ones
        }
        while (tail < head) {
            c.dropped(slot(tail++));
        }
        if (index < givenUpFrom) {
            givenUpFrom = index;
            givingUp = c;
        }
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
