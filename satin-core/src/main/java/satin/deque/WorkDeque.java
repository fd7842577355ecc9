package satin.deque;

import java.util.function.Function;

/**
 * A double-ended work queue of preallocated, reusable slots, with one owner and any number of
 * thieves.
 *
 * <p>The owner describes a job by filling the slot that {@link #claim()} returns, and makes it a
 * job with {@link #push()}. Jobs are numbered by their index in the deque, from 0 at the bottom.
 * The owner takes its newest job back from the head with {@link #pop()}: depth-first execution of
 * the spawn tree, finest grain first. Thieves take the oldest offered job from the tail with
 * {@link #steal}, coarsest first; they copy what they need out of the slot while they hold it.
 * Every job pushed comes out exactly once: popped by the owner or stolen, never both, never lost.
 *
 * <p>Slots are reused, so a push allocates nothing. A stolen job's slot still belongs to the
 * owner, which reads the thief's notes from it ({@link #slot}) and then forgets the stolen jobs
 * with {@link #resetTo}. Because every job is popped or forgotten by the invocation that pushed
 * it, the deque is empty, with its head at 0, whenever its owner is outside all jobs.
 *
 * <p>An abstract class rather than an interface: with only the default implementation loaded,
 * the JIT then calls it directly, without a type check on every spawn.
 *
 * @param <S> the slot type
 */
public abstract class WorkDeque<S> {

    /** The slot the next {@link #push()} makes a job, for the owner to fill. Owner only. */
    public abstract S claim();

    /**
     * Makes the claimed slot the newest job. Owner only. A deque that tells its owner when it
     * offers jobs to thieves (its {@code onPublish}) lets what that throws through, and then has
     * not pushed: an owner refuses to spawn more of work that nobody wants any more this way,
     * without a test on the fast path. A job pushed where jobs are given up ({@link #giveUpFrom})
     * is given up at once.
     */
    public abstract void push();

    /**
     * Takes the newest job back. Owner only. Its slot is then {@code slot(head())}. Like {@link
     * #push()}, it may throw what the owner's {@code onPublish} throws, and then has not popped;
     * a deque short of jobs to offer tells its owner before it pops, as before it publishes.
     *
     * @return false if it was stolen (or there is no job); the head does not move then
     */
    public abstract boolean pop();

    /**
     * Takes the oldest job offered to thieves. Any thread.
     *
     * @param capture called on the job's slot while the owner cannot reclaim it and no other thief
     *                can take it; what it returns is the stolen job
     * @return what {@code capture} returned, or {@code null} if no job was offered
     */
    public abstract <R> R steal(Function<? super S, ? extends R> capture);

    /** The slot of the job with this index. Owner only. */
    public abstract S slot(int index);

    /** The index the next push will get; the number of jobs pushed and not yet popped or forgotten. */
    public abstract int head();

    /**
     * Forgets the jobs from {@code index} up to the head, all of which were stolen and whose
     * slots the owner has read: {@code index} becomes the head. Owner only.
     *
     * @throws IllegalStateException if a job at or above {@code index} was not stolen
     */
    public abstract void resetTo(int index);

    /**
     * Gives up every job from {@code index} up to the head, stolen or not, for an owner whose work
     * was abandoned and unwound without its syncs: {@code index} becomes the head, and no thief
     * can take what was above it any more. What thieves took already stays theirs. Owner only.
     */
    public abstract void discardTo(int index);

    /**
     * For a thread other than the owner, when the stolen job at {@code index} failed: while no
     * thief can take a job and the owner can neither forget stolen jobs nor reach into the part
     * thieves see, and only if {@code c} says the slot at {@code index} still holds the failed job,
     * hands each later slot that a thief took to {@link Cancelling#stolen}, then takes each later
     * job that thieves could take now, oldest first, with {@link Cancelling#dropped}; both stop at
     * the first slot that is not {@link Cancelling#later}. The owner's private jobs stay: it gives
     * them up itself ({@link #giveUpFrom}) when its next push or pop finds nothing to offer.
     */
    public abstract void cancelAfter(int index, Cancelling<? super S> c);

    /**
     * Gives up, as stolen, every job from {@code index} up to the head that no thief took, and
     * every job pushed at or above {@code index} from now on, until the head goes below it or the
     * owner forgets stolen jobs ({@link #resetTo}, {@link #discardTo}): each goes to {@link
     * Cancelling#dropped}, so that the owner's pop finds it stolen and its sync reads what that
     * left in the slot. For an owner whose jobs from {@code index} on were cancelled; nothing below
     * {@code index} may be left unstolen. Owner only, also from inside the {@code onPublish} its
     * push or pop calls: that push or pop goes on from what is left.
     */
    public abstract void giveUpFrom(int index, Cancelling<? super S> c);

    /** The number of jobs, exact for the owner and an estimate for other threads. */
    public abstract int size();

    /**
     * How many jobs were ever pushed: counted here, next to the head, so that counting spawns
     * costs the push nothing more. Exact for the owner, an estimate for other threads.
     */
    public abstract long pushes();
}
