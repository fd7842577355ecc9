package satin.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One spawned call as an object: receiver, arguments, the result or the exception, and where the
 * result goes. The rewriter generates one subclass per spawnable method.
 *
 * <p>A spawn that runs on the worker that made it (nearly all of them) never needs a record: the
 * spawning method keeps the arguments in its own locals and calls the method directly at its
 * sync. A record exists when the call leaves that worker: when a thief takes it, when it is
 * submitted from outside every node, or when the spawner chose the record form of {@link Slot}.
 *
 * <p>{@link #invoke()} makes the call and keeps the result in a typed field of the subclass;
 * {@link #deliver()} then stores it into its target, on the spawning worker's thread, at the sync:
 * <ul>
 * <li>a local variable: nothing here; the rewritten method copies the result out of the record
 *     (or, for a call it ran itself, assigns the return value directly);</li>
 * <li>an array element ({@code res[i] = f(i)} in a loop): the record holds the array and the
 *     index, evaluated at the spawn as the sequential program evaluates them;</li>
 * <li>a field: the record holds the object (none for a static field) and stores into it;</li>
 * <li>a discarded result or a void method: nothing.</li>
 * </ul>
 */
public abstract class InvocationRecord {

    /** Set when the job failed to leave this node, so that no thief is offered it again. */
    private volatile boolean keptHere;


    private static final VarHandle DONE;

    static {
        try {
            DONE = MethodHandles.lookup().findVarHandle(InvocationRecord.class, "done", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The work this job belongs to, if it left the worker that spawned it; else null. */
    private Lineage lineage;
    /** The worker whose deque a thief took this job from, and the index there; null if none did. */
    private Worker takenFrom;
    private int takenAt;

    /** The spawn site of the spawning method, copied from the slot; -1 for a record-form spawn. */
    int site = -1;
    /** What {@link #invoke()} threw, if it threw. */
    Throwable failure;
    /** Set, with release semantics, once the call has finished and its result or failure is here. */
    private boolean done;
    /** A thread parked until this record is done. */
    private volatile Thread waiter;

    protected InvocationRecord() {
    }

    /** Makes the call with the recorded receiver and arguments, and keeps its result. */
    protected abstract void invoke() throws Throwable;

    /** Stores the result into its array element or field target; locals and discards need nothing. */
    protected void deliver() {
    }

    /** The spawn site this call came from. */
    public final int site() {
        return site;
    }

    /** Sets the spawn site of a record the spawner builds itself. */
    public final InvocationRecord atSite(int spawnSite) {
        this.site = spawnSite;
        return this;
    }

    final boolean isDone() {
        return (boolean) DONE.getAcquire(this);
    }

    /**
     * Runs the call on this thread, keeping any exception, and publishes that it is done; a job
     * of work abandoned or cancelled before it began does not run.
     */
    final void run() {
        Throwable t = null;
        if (Lineage.abandoned(this)) {
            t = new Abandoned("a job of abandoned work, dropped before it ran");
        } else {
            try {
                invoke();
            } catch (Throwable thrown) {
                t = Lineage.abandoned(this) && !(thrown instanceof Abandoned)
                        ? new Abandoned("abandoned work unwound with " + thrown, thrown) // what it met unwinding is no failure of its own
                        : thrown;
            }
        }
        settle(t);
        completed();
    }

    /**
     * The call ran on another node, whose result is already stored in this record (or whose
     * failure is given): publishes that it is done, so that the sync waiting for it goes on.
     */
    public final void finishElsewhere(Throwable failureOrNull) {
        settle(failureOrNull);
    }

    /**
     * Keeps what the call came to and publishes that it is done. A failure of a job a thief took
     * first cancels the spawns its invocation made after it, which the sequential program never
     * ran: before it is done, or its failure is seen, so that whoever sees either sees them cancelled.
     */
    private void settle(Throwable failureOrNull) {
        if (failureOrNull != null && takenFrom != null && !Abandoned.in(failureOrNull)) {
            takenFrom.cancellations().failed(this, takenAt);
        }
        failure = failureOrNull;
        finish();
    }

    /** What the call threw, once it is done; null if it returned. */
    public final Throwable failure() {
        return failure;
    }

    /** Makes the call here and now, for a job that arrived from another node (see {@code satin.pool}). */
    public final void invokeNow() throws Throwable {
        invoke();
    }

    /**
     * Whether this job may be handed to another node while it waits in a node's queue: a call's
     * record may; a root call from outside the node may not.
     */
    public boolean mayTravel() {
        return !keptHere;
    }

    /** This job could not leave once (too big, or a class that may not travel): it runs here. */
    public final void keepHere() {
        keptHere = true;
    }

    /** The job from elsewhere this one descends from, or null: it can be abandoned with it. */
    public final Lineage lineage() {
        return lineage;
    }

    /** Makes this job part of {@code l}'s work: set before the job is shared with another thread. */
    public final void belongsTo(Lineage l) {
        lineage = l;
    }

    /** A thief takes this job from index {@code index} of {@code owner}'s deque: set before it is shared. */
    final void takenFrom(Worker owner, int index) {
        takenFrom = owner;
        takenAt = index;
    }

    /** Told after the call ran on this node, for a job that must report back somewhere. */
    protected void completed() {
    }

    private void finish() {
        DONE.setVolatile(this, true); // volatile, not release: it must not pass the read of waiter below
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    final void setWaiter(Thread thread) {
        waiter = thread;
    }
}
