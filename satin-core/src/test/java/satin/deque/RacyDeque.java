package satin.deque;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A deliberately broken deque: thieves check and take without any exclusion, from the owner or
 * from each other. The stress test must catch it.
 */
final class RacyDeque<S> extends WorkDeque<S> {

    private final Object[] slots = new Object[1 << 16];
    private volatile int head;
    private volatile int tail;
    private long pushes;

    RacyDeque(Supplier<? extends S> newSlot) {
        for (int i = 0; i < slots.length; i++) {
            slots[i] = newSlot.get();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public S claim() {
        return (S) slots[head];
    }

    @Override
    public void push() {
        head++;
        pushes++;
    }

    @Override
    public boolean pop() {
        if (head == tail) {
            return false;
        }
        head--; // the bug: a thief may be taking this very job
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R> R steal(Function<? super S, ? extends R> capture) {
        int t = tail;
        if (t >= head) {
            return null;
        }
        Thread.yield(); // widens the window the bug lives in
        R job = capture.apply((S) slots[t]);
        tail = t + 1; // the bug: another thief may have taken t meanwhile
        return job;
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
        head = index;
        tail = index;
    }

    @Override
    public void discardTo(int index) {
        head = index;
        tail = Math.min(tail, index);
    }

    @Override
    public void cancelAfter(int index, Cancelling<? super S> c) {
        throw new UnsupportedOperationException("the stress test cancels nothing");
    }

    @Override
    public void giveUpFrom(int index, Cancelling<? super S> c) {
        throw new UnsupportedOperationException("the stress test cancels nothing");
    }

    @Override
    public int size() {
        return head - tail;
    }

    @Override
    public long pushes() {
        return pushes;
    }
}
