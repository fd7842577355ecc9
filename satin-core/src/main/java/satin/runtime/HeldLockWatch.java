package satin.runtime;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * Tells a thread that waits for a call it handed to a node's workers when that call can never
 * finish because the thread itself holds a lock the call's code takes.
 *
 * <p>A call from outside every node runs on a worker thread, and the caller parks until it is
 * done. If the caller holds a lock (it is inside a {@code synchronized} method or block, or holds
 * a {@code ReentrantLock} or a write lock) and the call's code takes the same lock, the worker
 * waits for it for good: the sequential program re-enters the lock on its one thread and never
 * meets this. A worker blocked on a lock the parked caller owns stays blocked until the caller
 * returns, so seeing it twice in a row, at checks a park apart, is enough; the caller then fails
 * with a message that names the lock and where the worker waits for it, instead of hanging.
 *
 * <p>The same inside the node: a worker that holds a lock across a call that spawns waits at its
 * sync for a spawn another worker took, and that spawn's code waits for the lock. Seen when the
 * blocked worker's job is the very one the holder's sync waits for; the caller fails, and the two
 * workers stay as they are, since neither can be made to let go.
 *
 * <p>Only while the caller's is the node's one call from outside: the call of another outside
 * thread may legitimately wait for the caller's lock until the caller's own call returns.
 */
final class HeldLockWatch {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Enough frames to reach the called method under a few recursive calls; only read when blocked. */
    private static final int STACK_DEPTH = 256;

    private final Thread caller;
    /** The worker seen blocked on the caller's lock at the previous check, or null. */
    private Thread suspect;

    HeldLockWatch(Thread caller) {
        this.caller = caller;
    }

    /**
     * Looks once at the workers.
     *
     * @return why the call cannot finish, once a worker was seen blocked on a lock of the caller
     *         at this check and the previous one; null otherwise
     */
    String check(String node, Worker[] workers) {
        for (Worker w : workers) {
            Thread.State state = w.getState(); // cheap; an idle worker parks with a timeout, so is neither
            if (state != Thread.State.BLOCKED && state != Thread.State.WAITING) {
                continue;
            }
            ThreadInfo info = THREADS.getThreadInfo(w.getId(), STACK_DEPTH);
            if (info == null) {
                continue;
            }
            Worker holder = waitingHolder(workers, w, info.getLockOwnerId());
            if (info.getLockOwnerId() != caller.getId() && holder == null) {
                continue;
            }
            if (suspect != w) {
                suspect = w;
                return null;
            }
            return holder == null ? message(node, w, info) : cycle(node, w, holder, info);
        }
        suspect = null;
        return null;
    }

    private String message(String node, Worker w, ThreadInfo info) {
        StackTraceElement[] where = info.getStackTrace();
        String at = where.length > 0 ? " at " + where[0] : "";
        return "the call cannot finish: thread '" + caller.getName() + "' holds the lock of " + info.getLockName()
                + " while it waits for the call" + called(where) + " it made from outside every node, and that call's"
                + " code, running on worker '" + w.getName() + "' of node '" + node + "', waits for the same lock" + at
                + ". A call from outside runs on the node's worker threads: release the lock before calling the"
                + " spawnable method, or do not take it in the code the call runs (the sequential program re-enters"
                + " it on its one thread).";
    }

    /**
     * The worker that holds the lock {@code blocked} waits for, if it waits at a sync for the very
     * job {@code blocked} runs: then neither can go on.
     */
    private static Worker waitingHolder(Worker[] workers, Worker blocked, long owner) {
        InvocationRecord job = blocked.running;
        for (Worker w : workers) {
            if (w != blocked && w.getId() == owner && job != null && w.awaiting == job) {
                return w;
            }
        }
        return null;
    }

    private String cycle(String node, Worker blocked, Worker holder, ThreadInfo info) {
        StackTraceElement[] where = info.getStackTrace();
        String at = where.length > 0 ? " at " + where[0] : "";
        return "the call cannot finish: on node '" + node + "', worker '" + holder.getName() + "' holds the lock of "
                + info.getLockName() + " while its sync waits for a spawn" + called(where) + " that worker '"
                + blocked.getName() + "' took, and that spawn waits for the same lock" + at + ". A spawn may run on"
                + " another thread: do not hold a lock across a call that spawns, if the spawned code takes it (the"
                + " sequential program re-enters it on its one thread).";
    }

    /** The outermost frame of the program's own code on the worker: the method called from outside. */
    private static String called(StackTraceElement[] frames) {
        for (int i = frames.length - 1; i >= 0; i--) {
            StackTraceElement f = frames[i];
            boolean runtime = f.getClassName().startsWith("satin.runtime.") || f.getClassName().startsWith("java.");
            boolean generated = f.getMethodName().startsWith("satin$") || f.getClassName().contains("$$")
                    || f.getClassName().contains("$Lambda");
            if (!runtime && !generated) {
                return " of " + f.getClassName() + "." + f.getMethodName();
            }
        }
        return "";
    }
}
