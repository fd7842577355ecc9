package satin.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import satin.SpawnException;

/**
 * The runtime state of one spawning method invocation: how many calls it has spawned since its
 * last sync, and how many of them have finished where.
 *
 * <p>The rewritten method obtains its frame with {@link #enter()} before its first spawn, hands
 * every record to {@link #spawn}, and calls {@link #sync()} where the program called
 * {@code sync()}, and before it returns. A frame belongs to the thread that entered it. Its
 * counters of spawned and locally run children are that thread's plain fields: the fast path of a
 * spawn and a sync touches no shared memory beyond the deque. Only children that were stolen,
 * which is rare, report back through the volatile {@link #doneElsewhere} counter.
 */
public final class Frame {

    private static final VarHandle DONE_ELSEWHERE;

    static {
        try {
            DONE_ELSEWHERE = MethodHandles.lookup().findVarHandle(Frame.class, "doneElsewhere", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The worker running this invocation, or null on a thread outside every node (e.g. main). */
    final Worker worker;
    /** Where a frame outside every node sends its spawns. */
    private final Node outsideNode;

    /** Children spawned since the last sync. Owner only. */
    int spawned;
    /** Of those, the ones the owner popped back and ran itself. Owner only. */
    int ranHere;
    /** Of those, the ones that ran on another thread (a thief) and have finished. */
    private volatile int doneElsewhere;
    /** The first failure among the children since the last sync; the rest follow in {@link #moreFailures}. */
    private Throwable failure;
    private List<Throwable> moreFailures;
    /** The owner, while it is parked waiting for stolen children. */
    private volatile Thread waiter;

    private Frame(Worker worker, Node outsideNode) {
        this.worker = worker;
        this.outsideNode = outsideNode;
    }

    /**
     * The frame for a spawning invocation on the current thread. On a thread outside every node,
     * spawns go to the embedded default node, which starts on first use.
     */
    public static Frame enter() {
        Thread t = Thread.currentThread();
        if (t instanceof Worker) {
            return new Frame((Worker) t, null);
        }
        return new Frame(null, Node.embedded());
    }

    /** A frame on a thread outside every node that sends its spawns to the given node. */
    static Frame outside(Node node) {
        return new Frame(null, node);
    }

    /** Spawns the call the record describes: push it on the head of this worker's deque, and go on. */
    public void spawn(InvocationRecord record) {
        record.frame = this;
        spawned++;
        Worker w = worker;
        if (w != null) {
            w.push(record);
        } else {
            outsideNode.submit(record);
        }
    }

    /**
     * Waits until every child spawned since the last sync has finished; runs them from the head
     * of this worker's deque while they are there, and finds other work while stolen ones are
     * away.
     *
     * @throws SpawnException if a child threw; its exception is the cause
     */
    public void sync() {
        if (spawned != 0) {
            if (worker != null) {
                worker.sync(this);
            } else {
                awaitOutside();
            }
        }
    }

    /**
     * For a method that spawned and is leaving by an exception before its sync: waits for its
     * children as a sync would, and returns the exception to rethrow, with any failures of the
     * children added as suppressed.
     */
    public Throwable leave(Throwable exception) {
        try {
            sync();
        } catch (SpawnException childFailures) {
            exception.addSuppressed(childFailures);
        }
        return exception;
    }

    /** Called by the owner when all its children are accounted for; throws their failures. */
    void finishSync() {
        spawned = 0;
        ranHere = 0;
        if (doneElsewhere != 0) {
            doneElsewhere = 0;
        }
        if (failure != null) {
            throwFailures();
        }
    }

    /** How many children are still running elsewhere; meaningful to the owner after its deque ran dry. */
    int awayCount() {
        return spawned - ranHere - doneElsewhere;
    }

    void setWaiter(Thread thread) {
        waiter = thread;
    }

    /** A child that ran on this frame's own thread threw. */
    void childFailedHere(Throwable t) {
        addFailure(t);
    }

    /** A child that ran on another thread has finished, successfully or not. */
    void childDoneElsewhere(Throwable failureOrNull) {
        if (failureOrNull != null) {
            addFailure(failureOrNull);
        }
        DONE_ELSEWHERE.getAndAdd(this, 1);
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    private synchronized void addFailure(Throwable t) {
        if (failure == null) {
            failure = t;
        } else {
            if (moreFailures == null) {
                moreFailures = new ArrayList<>();
            }
            moreFailures.add(t);
        }
    }

    private void throwFailures() {
        SpawnException e;
        synchronized (this) {
            Throwable first = SpawnException.original(failure);
            e = new SpawnException("a spawned call threw " + first, first);
            if (moreFailures != null) {
                for (Throwable t : moreFailures) {
                    e.addSuppressed(SpawnException.original(t));
                }
            }
            failure = null;
            moreFailures = null;
        }
        throw e;
    }

    /** The owner is outside every node: all its children run elsewhere, so it parks until they are done. */
    private void awaitOutside() {
        boolean interrupted = false;
        waiter = Thread.currentThread();
        try {
            while (doneElsewhere < spawned) {
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
        } finally {
            waiter = null;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        finishSync();
    }
}
