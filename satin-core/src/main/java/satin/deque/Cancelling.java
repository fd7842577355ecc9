package satin.deque;

/**
 * What a deque asks its owner's side about the jobs pushed after a stolen job that failed: the
 * sequential program never ran them, so they are cancelled ({@link WorkDeque#cancelAfter},
 * {@link WorkDeque#giveUpFrom}). The deque knows which slots are stolen, offered or private; this
 * says what the jobs in them are, and what becomes of them.
 *
 * @param <S> the slot type
 */
public interface Cancelling<S> {

    /** Whether {@code slot}, stolen, still holds the job that failed: its owner has not forgotten it. */
    boolean stillStolen(S slot);

    /**
     * Whether a slot above the failed job's belongs to the work that came after it, and not to a
     * job the owner runs on top of it while it waits (whose spawns sit above all of it).
     */
    boolean later(S slot);

    /** A later job that a thief took: told to stop wherever it runs. */
    void stolen(S slot);

    /** A later job that no thief took: taken now, as a thief would take it, and finished unrun. */
    void dropped(S slot);
}
