package satin.deque;

import java.util.ArrayDeque;

/**
 * The reference deque: every operation under one monitor. Obviously correct, and the baseline the
 * lock-free deques are measured against.
 */
public final class LockedDeque<T> implements WorkDeque<T> {

    private final ArrayDeque<T> items = new ArrayDeque<>();

    @Override
    public synchronized void push(T item) {
        items.addFirst(item);
    }

    @Override
    public synchronized T pop() {
        return items.pollFirst();
    }

    @Override
    public synchronized T steal() {
        return items.pollLast();
    }

    @Override
    public synchronized int size() {
        return items.size();
    }
}
