package satin.deque;

/**
 * A double-ended work queue with one owner and any number of thieves.
 *
 * <p>The owner pushes new work at the head and takes it back from the head, newest first: that is
 * depth-first execution of the spawn tree, with the finest grain of work. Thieves take from the
 * tail, oldest first: the coarsest work, nearest the root. Every item pushed is returned exactly
 * once, either by {@link #pop()} or by {@link #steal()}; never lost, never twice.
 *
 * @param <T> the work items
 */
public interface WorkDeque<T> {

    /** Adds an item at the head. Owner thread only. */
    void push(T item);

    /**
     * Removes the newest item from the head. Owner thread only.
     *
     * @return the item, or {@code null} when every item has been taken (by the owner or stolen)
     */
    T pop();

    /**
     * Removes the oldest item that is offered to thieves. Any thread.
     *
     * @return the item, or {@code null} when nothing can be stolen right now
     */
    T steal();

    /** How many items are in the deque; exact for the owner, an estimate for other threads. */
    int size();
}
