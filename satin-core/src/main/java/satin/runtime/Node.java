package satin.runtime;

import satin.config.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import satin.SpawnException;
import satin.stats.NodeStats;
import satin.stats.WorkerStateLog;
import satin.stats.WorkerStats;

/**
 * One member of the pool: a set of workers that share memory and steal from each other's deques.
 *
 * <p>A program that simply calls a spawning method from {@code main} runs on the embedded default
 * node ({@link #embedded()}), configured from {@code satin.*} system properties and started on
 * first use. Tools and tests start nodes of their own with {@link #start} and run a root call on
 * them with {@link #call}.
 */
public final class Node implements AutoCloseable {

    private static Node embedded;

    /** The node's link to the rest of the pool, told when a worker finds nothing to do here. */
    public interface Remote {
        /** A worker has nothing to do; called again and again while it stays so, and must be quick. */
        void idle();

        /**
         * A job a thief took was cancelled: what of its work went to other nodes is abandoned
         * there, and whoever here waits for it goes on (docs/decisions/0052). Any thread.
         */
        default void cancelled(Lineage work) {
        }
    }

    private volatile Remote remote;
    /** Workers running a job now: the node is active while it is above zero. */
    private final AtomicInteger busy = new AtomicInteger();
    private final ActivityTrace trace = new ActivityTrace();
    /** Whether its workers log their states for the run's timeline ({@code satin.timeline}). */
    private final boolean timeline = Settings.TIMELINE.isOn();

    private final NodeConfig config;
    /** How spawns are copied in by-value mode; null otherwise. */
    private final JobCopier copier;
    private final Worker[] workers;
    private final ConcurrentLinkedQueue<InvocationRecord> submitted = new ConcurrentLinkedQueue<>();
    final AtomicInteger parkedWorkers = new AtomicInteger();
    private final AtomicLong rootCalls = new AtomicLong();
    /** Calls whose callers wait in {@link #runAndWait} now. */
    private final AtomicInteger outsideCalls = new AtomicInteger();
    /** How often a waiting caller looks for a worker blocked on a lock it holds ({@link HeldLockWatch}). */
    private static final long HELD_LOCK_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private volatile boolean stopping;
    /** Why a worker died, if one did: then no call of this node can be trusted to finish. */
    private volatile IllegalStateException broken;
    private final long startNanos = System.nanoTime();
    private volatile long stopNanos;

    private Node(NodeConfig config, JobCopier copier) {
        this.config = config;
        this.copier = copier;
        this.workers = new Worker[config.workers()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(this, i, config.stackBytes());
        }
    }

    /** Starts a node with its workers. */
    public static Node start(NodeConfig config) {
        return start(config, config.byValue() ? JobCopier.find() : null);
    }

    /**
     * Starts a node in which every spawn is stolen at once by the node itself, as in by-value mode,
     * but moved by {@code copier} instead of the codec: with {@link JobCopier#sharing()}, every
     * sync of rewritten code takes its stolen path (results out of records after the join, failures
     * of stolen spawns) while arguments stay shared. Null: a node as {@code config} says.
     */
    public static Node start(NodeConfig config, JobCopier copier) {
        Node node = new Node(config, copier);
        for (Worker w : node.workers) {
            w.start();
        }
        return node;
    }

    /**
     * The node that calls made outside every node run on, started on first use from the
     * {@code satin.*} system properties. With {@code -Dsatin.stats=true} it prints its statistics
     * when the JVM exits.
     */
    public static synchronized Node embedded() {
        if (embedded == null) {
            Settings.checkAll(System.getProperties(), Map.of(Settings.DEQUE, NodeConfig.DEQUE_SYNTAX))
                    .forEach(w -> System.err.println("satin: warning: " + w));
            Node node = start(NodeConfig.fromProperties(System.getProperties()).withName("embedded"));
            if (Settings.STATS.isOn()) {
                Runtime.getRuntime().addShutdownHook(new Thread(
                        () -> System.err.print(node.statistics().format()), "satin-statistics"));
            }
            embedded = node;
        }
        return embedded;
    }

    /** Makes {@code node} the one calls from outside every node run on (a pool's master node, say). */
    public static synchronized void setEmbedded(Node node) {
        embedded = node;
    }

    /** Connects this node to a pool: idle workers will tell {@code remote}. */
    public void setRemote(Remote remote) {
        this.remote = remote;
    }

    /** A job for any worker of this node: stolen from another node, or run here again. */
    public void submit(InvocationRecord job) {
        if (stopping) {
            throw new IllegalStateException("node " + name() + " is stopped");
        }
        submitted.add(job);
        wakeOne();
    }

    /**
     * Takes the oldest job a worker of this node offers to thieves, for a thief on another node;
     * null if none does. The job counts as stolen from that worker.
     */
    public InvocationRecord stealForRemote() {
        // jobs that came from elsewhere and wait here (prefetched, pushed, run again) are the oldest
        for (InvocationRecord waiting : submitted) {
            if (waiting.mayTravel() && submitted.remove(waiting)) {
                return waiting;
            }
        }
        return stealSpawnedForRemote();
    }

    /** {@link #stealForRemote}, from the workers' deques only: a job spawned here, not one that came from elsewhere. */
    public InvocationRecord stealSpawnedForRemote() {
        int n = workers.length;
        int start = ThreadLocalRandom.current().nextInt(n);
        for (int k = 0; k < n; k++) {
            Worker victim = workers[(start + k) % n];
            InvocationRecord job = victim.stealFromMe();
            if (job != null) {
                return job;
            }
        }
        return null;
    }

    /**
     * Work was abandoned ({@link Lineage#abandon()}): its jobs waiting in this node's deques are
     * thrown away, and the workers that run it stop at their next spawn or sync. Any thread.
     *
     * @return how many waiting jobs were thrown away
     */
    public int shedAbandoned() {
        int thrown = 0;
        for (Worker w : workers) {
            thrown += w.shedAbandoned();
        }
        return thrown;
    }

    /**
     * A job a thief took was cancelled ({@link Lineage#abandon()}, docs/decisions/0052): its jobs
     * waiting in this node's deques are thrown away, the workers that run it stop at their next
     * spawn or sync, and what of it went to other nodes is abandoned there. Any thread.
     */
    void cancelled(Lineage work) {
        shedAbandoned();
        Remote r = remote;
        if (r != null) {
            r.cancelled(work);
        }
    }

    /** How many workers run a job right now, for tests. */
    public int busyWorkers() {
        return busy.get();
    }

    /** The jobs waiting in this node's deques, for load reports and tests. */
    public int queuedJobs() {
        int sum = 0;
        for (Worker w : workers) {
            sum += w.deque.size();
        }
        return sum + submitted.size();
    }

    /** When this node's workers were busy and when all were idle. */
    public ActivityTrace activity() {
        return trace;
    }

    /** Whether this node records its timeline: its workers' states, and the jobs it moves ({@code satin.timeline}). */
    public boolean recordsTimeline() {
        return timeline;
    }

    /** Each worker's states, in worker order; empty if the node records no timeline. */
    public List<WorkerStateLog> workerStates() {
        List<WorkerStateLog> logs = new ArrayList<>(workers.length);
        for (Worker w : workers) {
            if (w.states != null) {
                logs.add(w.states);
            }
        }
        return logs;
    }

    void remoteIdle() {
        Remote r = remote;
        if (r != null) {
            r.idle();
        }
    }

    void jobStarted() {
        if (busy.getAndIncrement() == 0) {
            trace.active(true);
        }
    }

    void jobEnded() {
        if (busy.decrementAndGet() == 0) {
            trace.active(false);
        }
    }

    /**
     * Runs {@code task} on a worker of this node, so that the spawns it makes go on that worker's
     * deque, and waits for it.
     *
     * @throws SpawnException if the task threw; the cause is what it threw
     */
    public <T> T call(Callable<T> task) {
        CallRecord<T> record = runAndWait(task);
        if (record.failure != null) {
            throw Failures.add(null, record.failure);
        }
        return record.result;
    }

    /** {@link #call}, but rethrowing exactly what the task threw, as a plain call would. */
    <T> T callAsIfLocal(Callable<T> task) {
        CallRecord<T> record = runAndWait(task);
        if (record.failure != null) {
            throw Node.<RuntimeException>sneaky(record.failure);
        }
        return record.result;
    }

    /** Runs a prebuilt record as a root call and waits; rethrows exactly what its call threw. */
    void runAsIfLocal(InvocationRecord record) {
        runAndWait(record);
        if (record.failure != null) {
            throw Node.<RuntimeException>sneaky(record.failure);
        }
    }

    public String name() {
        return config.name();
    }

    public NodeConfig config() {
        return config;
    }

    public NodeStats statistics() {
        List<WorkerStats.Snapshot> perWorker = new ArrayList<>(workers.length);
        for (Worker w : workers) {
            perWorker.add(w.stats.snapshot(w.deque.pushes()));
        }
        long end = stopping ? stopNanos : System.nanoTime();
        return new NodeStats(config.name(), end - startNanos, rootCalls.get(), perWorker);
    }

    /**
     * Stops the workers once they are outside every job, and waits a while for them.
     *
     * @throws IllegalStateException if a worker is still busy after the wait
     */
    @Override
    public void close() {
        if (stopping) {
            return;
        }
        stopNanos = System.nanoTime();
        stopping = true;
        for (Worker w : workers) {
            LockSupport.unpark(w);
        }
        List<String> busy = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Worker w : workers) {
            try {
                w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (w.isAlive()) {
                busy.add(w.getName());
            }
        }
        if (!busy.isEmpty()) {
            throw new IllegalStateException("node " + name() + " closed while " + busy + " still ran a job");
        }
    }

    JobCopier copier() {
        return copier;
    }

    Worker[] workers() {
        return workers;
    }

    boolean stopping() {
        return stopping;
    }

    /** A worker's death, as the caller that meets it sees it: with the caller's stack. */
    private IllegalStateException brokenHere() {
        return new IllegalStateException(broken.getMessage(), broken.getCause());
    }

    /**
     * Worker {@code w} died of {@code t}, which escaped every job: a bug in the runtime. The jobs
     * it held and the syncs that wait for them will never finish, so every call waiting on this
     * node, and every later one, fails with this instead of hanging.
     */
    void workerDied(Worker w, Throwable t) {
        if (broken == null) {
            broken = new IllegalStateException("worker " + w.getName() + " of node " + name() + " died of " + t
                    + ", a bug in satin's runtime: the calls on this node cannot finish", t);
        }
    }

    InvocationRecord pollSubmitted() {
        return submitted.poll();
    }

    boolean hasSubmitted() {
        return !submitted.isEmpty();
    }

    /**
     * Something the balancer waited for came (a steal request's empty reply): an idle worker
     * parked in its back-off wakes, to let the balancer go on at once.
     */
    public void wakeIdle() {
        if (parkedWorkers.get() > 0) {
            wakeOne();
        }
    }

    /** A worker's deque just offered a job to thieves. */
    void workPublished() {
        if (parkedWorkers.get() > 0) {
            wakeOne();
        }
    }

    private <T> CallRecord<T> runAndWait(Callable<T> task) {
        CallRecord<T> record = new CallRecord<>(task);
        runAndWait(record);
        return record;
    }

    private void runAndWait(InvocationRecord record) {
        if (stopping) {
            throw new IllegalStateException("node " + name() + " is stopped");
        }
        if (broken != null) {
            throw brokenHere();
        }
        rootCalls.incrementAndGet();
        record.setWaiter(Thread.currentThread());
        outsideCalls.incrementAndGet();
        submitted.add(record);
        wakeOne();
        boolean interrupted = false;
        HeldLockWatch watch = new HeldLockWatch(Thread.currentThread());
        try {
            while (!record.isDone() && broken == null) {
                LockSupport.parkNanos(record, HELD_LOCK_CHECK_NANOS);
                interrupted |= Thread.interrupted();
                String stuck = record.isDone() || outsideCalls.get() > 1 ? null : watch.check(name(), workers);
                if (stuck != null) {
                    record.setWaiter(null); // the call goes on, and ends once the lock is released: no one waits for it
                    throw new IllegalStateException(stuck);
                }
            }
            if (broken != null) { // a worker died while the call ran: even an ending may be the runtime's fault
                record.setWaiter(null);
                throw brokenHere();
            }
        } finally {
            outsideCalls.decrementAndGet();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void wakeOne() {
        for (Worker w : workers) {
            if (w.parked) {
                LockSupport.unpark(w);
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** A root call from outside the node. */
    private static final class CallRecord<T> extends InvocationRecord {
        private final Callable<T> task;
        T result;

        CallRecord(Callable<T> task) {
            this.task = task;
        }

        @Override
        public boolean mayTravel() {
            return false; // its caller waits on this node
        }

        @Override
        protected void invoke() throws Exception {
            result = task.call();
        }
    }
}
