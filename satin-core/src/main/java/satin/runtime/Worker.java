package satin.runtime;

import java.util.concurrent.Callable;
import java.util.function.Function;
import satin.SpawnException;
import satin.deque.WorkDeque;
import satin.stats.WorkerStateLog;
import satin.stats.WorkerStats;

/**
 * A thread that runs jobs for its node, and the object rewritten code talks to.
 *
 * <p>A worker owns one deque of {@link Slot}s. A spawn fills the slot at the head and pushes it
 * ({@link #claim()}, {@link #push()}). A sync takes the invocation's own spawns back from the head,
 * newest first, and runs them right there as plain calls ({@link #popOwn()}); those that were
 * stolen meanwhile it waits for, running other work in the meantime ({@link #joinStolen}). Record
 * form spawns are synced generically by {@link #syncAll}. Outside every job, and while it waits
 * for stolen children, the worker takes work from its node: jobs submitted from outside first,
 * then the tails of its peers' deques.
 *
 * <p>The fast path, a spawn that comes back to its own worker, allocates nothing and touches no
 * memory that another thread writes: see {@code docs/decisions/0001-spawn-fast-path.md}. So this
 * class keeps the spawn and sync, and what only their slow ends need lives beside it: the search
 * for work and the idle back-off ({@link WorkSearch}), the wait for stolen children ({@link
 * StolenJoin}), and the root calls thieves read lineages from ({@link RootLineages}).
 */
public final class Worker extends Thread {

    static final InvocationRecord[] NONE = new InvocationRecord[0];
    /** The state changes a node's workers keep between them: a node's report stays within a few megabytes. */
    static final int STATES_PER_NODE = 1 << 17;

    final Node node;
    final int index;
    final WorkDeque<Slot> deque;
    /** The same deque in by-value mode, or null: read only off the fast path. */
    private final ByValueDeque byValue;
    final WorkerStats stats = new WorkerStats();
    /** Its states for the run's timeline, or null if its node records none; written on the steal path only. */
    final WorkerStateLog states;
    /** How a thief turns a slot of this worker's deque into the record it takes away. */
    final Function<Slot, InvocationRecord> capture;
    private final RootLineages roots = new RootLineages();
    private final Cancellations cancellations = new Cancellations(this);
    private final WorkSearch search;
    private final StolenJoin stolenJoin;
    /** Set while this worker is parked with nothing to do, so that new work can wake it. */
    volatile boolean parked;
    /**
     * The innermost job this worker runs for another thread or node, and the stolen spawn its
     * innermost sync waits for: read by {@link HeldLockWatch}, to see a worker blocked on a lock
     * that the worker waiting for its job holds. Written on the steal path only.
     */
    volatile InvocationRecord running;
    volatile InvocationRecord awaiting;

    Worker(Node node, int index, long stackBytes) {
        super(null, null, node.name() + "-worker-" + index, stackBytes);
        this.node = node;
        this.index = index;
        JobCopier copier = node.copier();
        this.byValue = copier == null ? null : new ByValueDeque(copier, this::offering, this::taken, this::runAsRoot);
        this.deque = byValue != null ? byValue : node.config().deque().create(Slot.numbered(), this::offering);
        this.states = node.recordsTimeline() ? new WorkerStateLog(WorkerStateLog.capacityPerWorker(
                node.config().workers(), STATES_PER_NODE)) : null;
        this.search = new WorkSearch(this, node, index, stats);
        this.stolenJoin = new StolenJoin(this, deque, node, stats, search);
        this.capture = slot -> {
            InvocationRecord record = slot.capture();
            taken(record, slot.index);
            if (cancellations.covers(slot)) { // its failed sibling's cancelling and this steal crossed
                record.lineage().abandon();
                stats.cancelled.incrementAndGet();
            }
            stats.stolenFromMe++; // under the deque's lock, so thieves do not race on it
            return record;
        };
        setDaemon(true);
    }

    /** The worker running the current thread, or {@code null} on a thread outside every node. */
    public static Worker current() {
        Thread t = Thread.currentThread();
        return t instanceof Worker ? (Worker) t : null;
    }

    /**
     * Runs a call that was made outside every node (typically from {@code main}) on the embedded
     * node, so that its spawns have a worker, and waits for it. Its result, or exactly what it
     * threw, comes back as if it had been a plain call. The form for hand-written code; rewritten
     * code hops with the method's record ({@link #hop(InvocationRecord)}).
     */
    public static <T> T hop(Callable<T> call) {
        return Node.embedded().callAsIfLocal(call);
    }

    /**
     * This worker's deque, for the fast path of rewritten code: {@code head()} is a spawning
     * invocation's mark, {@code claim()} and {@code push()} spawn, {@code pop()} takes the newest
     * spawn back. Keeping it in a local saves reloading it for every spawn.
     */
    public WorkDeque<Slot> deque() {
        return deque;
    }

    /**
     * The rewritten form of a call made outside every node: runs the call in {@code record} on the
     * embedded node and waits; afterwards the record holds the result. Exactly what the call
     * threw is rethrown, as a plain call would.
     */
    public static void hop(InvocationRecord record) {
        Node.embedded().runAsIfLocal(record);
    }

    /**
     * Whether the job this worker runs now belongs to work that was abandoned or cancelled. A job
     * that waits for something other than its children (a guard) asks: it reaches no spawn or sync
     * that would stop it.
     */
    public boolean runsAbandonedWork() {
        Lineage innermost = roots.innermost();
        return innermost != null && innermost.abandoned();
    }

    /**
     * For a wait that reaches no spawn or sync (a guard's, a write's for room): unwinds the job,
     * if the current thread is a worker whose work was abandoned or cancelled meanwhile.
     *
     * @throws Abandoned naming what the job waited for
     */
    public static void unwindIfAbandoned(String waitingFor) {
        Worker w = current();
        if (w != null && w.runsAbandonedWork()) {
            throw new Abandoned("a job of abandoned work, stopped while it waited for " + waitingFor);
        }
    }

    /** The index of the next spawn: a spawning invocation's mark, taken before its first spawn. */
    public int mark() {
        return deque.head();
    }

    /** The slot for the next spawn, to fill before {@link #push()}. */
    public Slot claim() {
        return deque.claim();
    }

    /** Spawns the call described in the claimed slot. */
    public void push() {
        deque.push();
    }

    /**
     * Spawns a call in record form: the caller built its record (with its target and spawn site),
     * for a call whose arguments do not fit a slot or whose result goes to an array element or a
     * field. Sync such spawns with {@link #syncAll}.
     */
    public void spawn(InvocationRecord record) {
        Slot slot = deque.claim();
        slot.describe(RecordFactory.PREBUILT, record.site, null);
        slot.record = record;
        push();
    }

    /**
     * Takes the newest spawn back to run it here, as a plain call with the arguments the spawner
     * kept.
     *
     * @return false if it was stolen; then so were all older spawns of this invocation
     */
    public boolean popOwn() {
        return deque.pop();
    }

    /**
     * The slow end of a fast-form sync: the oldest {@code count} spawns since {@code mark} were
     * stolen. Waits for them, running other work meanwhile, and returns their records oldest
     * first, so that the caller can copy their results. A failed call is left in its record
     * ({@link InvocationRecord#failure()}): the caller decides, in program order, which results
     * are delivered before the sync throws.
     */
    public InvocationRecord[] joinStolen(int mark, int count) {
        if (byValue != null) {
            byValue.runOwn(mark); // the copies of this sync's spawns that no other worker took
        }
        return stolenJoin.join(mark, count);
    }

    /**
     * {@link #joinStolen(int, int)} for hand-written code that copies results only when nothing
     * failed: throws if any call of this sync failed, the earliest in program order as the cause.
     *
     * @param failures what the calls this sync ran itself threw (all newer than the stolen ones), or {@code null}
     */
    public InvocationRecord[] joinStolen(int mark, int count, SpawnException failures) {
        InvocationRecord[] stolen = joinStolen(mark, count);
        SpawnException all = Failures.stolen(stolen, failures);
        if (all != null) {
            throw all;
        }
        return stolen;
    }

    /**
     * {@link #joinStolen(int, int)} when a pop has just failed: every spawn since {@code mark}
     * still in the deque was stolen. One call, so that a straight-line sync's stolen path is short.
     */
    public InvocationRecord[] joinStolen(int mark) {
        return joinStolen(mark, deque.head() - mark);
    }

    /**
     * The generic sync: runs every spawn since {@code mark} that is still here, newest first, as a
     * record (a fast-form slot is captured as a thief would), and waits for the stolen ones.
     * Nothing is delivered and nothing thrown here: the records come back in program order (the
     * order of the spawns, oldest first), each with its result or failure, and the caller settles
     * them in that order ({@link #settle}), so that the sequential program's last write wins and
     * nothing after the first failure is delivered.
     */
    public InvocationRecord[] syncRecords(int mark) {
        WorkDeque<Slot> d = deque;
        int count = d.head() - mark;
        if (count <= 0) {
            return NONE;
        }
        InvocationRecord[] all = new InvocationRecord[count];
        int next = count;
        while (d.head() > mark) {
            if (!d.pop()) {
                InvocationRecord[] stolen = joinStolen(mark, d.head() - mark);
                System.arraycopy(stolen, 0, all, 0, stolen.length);
                break;
            }
            Slot slot = d.slot(d.head());
            InvocationRecord record = slot.build();
            slot.record = null; // a record-form spawn's record, which the slot must not keep alive
            try {
                record.invoke();
            } catch (Throwable t) {
                record.failure = t;
            }
            all[--next] = record;
        }
        return all;
    }

    /**
     * Settles the record at {@code index} of a generic sync, in program order: if its call failed,
     * throws the sync's failure (this call's as the cause, the failures of later spawns
     * suppressed); else stores a record-form result into its array element or field and returns
     * the spawn site, for the caller to copy a fast-form result into its local, field or element.
     */
    public static int settle(InvocationRecord[] records, int index) {
        InvocationRecord record = records[index];
        if (record.failure != null) {
            SpawnException all = null;
            for (int i = index; i < records.length; i++) {
                if (records[i].failure != null) {
                    all = Failures.add(all, records[i].failure);
                }
            }
            throw all;
        }
        record.deliver();
        return record.site;
    }

    /**
     * The generic sync for hand-written code: runs every spawn since {@code mark} that is still
     * here, waits for the stolen ones, and delivers the results of record-form spawns in program
     * order up to the first failure, which it then throws; a fast-form result is dropped.
     *
     * @throws SpawnException if any of the calls threw
     */
    public void syncAll(int mark) {
        InvocationRecord[] records = syncRecords(mark);
        for (int i = 0; i < records.length; i++) {
            settle(records, i);
        }
    }

    /**
     * For a spawning method that is leaving by an exception with spawns still pending: finishes
     * them as a sync would, and returns what the method must throw. The pending spawns came first
     * in program order, so if one of them failed, its failure is what the sequential program would
     * have thrown: that propagates, with {@code exception} suppressed in it; else {@code exception}.
     */
    public Throwable leave(int mark, Throwable exception) {
        try {
            syncAll(mark);
        } catch (SpawnException childFailures) {
            childFailures.addSuppressed(exception);
            return childFailures;
        }
        return exception;
    }

    /** Serves the node until it stops; a throwable no job caught is a bug in the runtime, and the node is told. */
    @Override
    public void run() {
        try {
            serve();
        } catch (Throwable t) {
            node.workerDied(this, t);
            throw t;
        }
    }

    private void serve() {
        enter(WorkerStateLog.STEALING);
        int rounds = 0;
        long idleSince = System.nanoTime();
        while (!node.stopping()) {
            InvocationRecord job = search.findWork();
            if (job != null) {
                stats.idleNanos += System.nanoTime() - idleSince;
                node.jobStarted();
                try {
                    runForOthers(job);
                } finally {
                    node.jobEnded();
                }
                idleSince = System.nanoTime();
                rounds = 0;
            } else {
                node.remoteIdle();
                rounds = search.idle(rounds, null);
            }
        }
        stats.idleNanos += System.nanoTime() - idleSince;
    }

    /**
     * The job spawned at deque index {@code index} leaves this worker: it gets a lineage of its
     * own, under the root call it was spawned in, so that it can be cancelled alone, and remembers
     * where it came from, so that its failure cancels what its invocation spawned after it.
     */
    private void taken(InvocationRecord record, int index) {
        record.belongsTo(Lineage.under(roots.at(index)));
        record.takenFrom(this, index);
    }

    /** The cancelling of jobs spawned here after a stolen one that failed. */
    Cancellations cancellations() {
        return cancellations;
    }

    /** Where the root call whose spawn sits at deque index {@code index} began. */
    int rootMarkAt(int index) {
        return roots.markAt(index);
    }

    /**
     * Whether every spawn is copied at once (by-value mode): its deque then hands a job it drops
     * over as the original record in a slot of its own, since the spawner's sync lets go of the
     * deque's slots without its lock; other deques hand over the deque's slot, to be captured.
     */
    boolean copiesEverySpawn() {
        return byValue != null;
    }

    /** Runs a job that another thread (or another node) waits for; afterwards, this worker looks for work again. */
    void runForOthers(InvocationRecord job) {
        enter(WorkerStateLog.RUNNING);
        stats.jobsRunForOthers++;
        try {
            runAsRoot(job);
        } finally {
            enter(WorkerStateLog.STEALING); // not in runAsRoot: the by-value copies it runs at a sync go on running
        }
    }

    /**
     * Runs a job that left its spawner's frame as the root of its own work: its spawns sit above
     * the deque index where it begins, and belong to its lineage, so that it can be abandoned or
     * cancelled alone, down its subtree. Also the copies the by-value deque runs at their
     * spawner's sync: every spawn there left its spawner, and runs as a thief's would.
     */
    private void runAsRoot(InvocationRecord job) {
        try {
            runAsRootUnguarded(job);
        } catch (Throwable t) {
            // a job's own failure stays in its record: what escapes is the runtime's. Nested in a
            // sync's wait it would unwind into the waiting job, and pass for that job's failure
            node.workerDied(this, t);
            throw t;
        }
    }

    private void runAsRootUnguarded(InvocationRecord job) {
        Lineage lineage = job.lineage();
        int mark = deque.head();
        roots.enter(lineage, mark);
        InvocationRecord outer = running;
        running = job;
        try {
            job.run();
        } finally {
            running = outer;
            if (lineage != null && lineage.abandoned()) {
                deque.discardTo(mark); // it unwound by Abandoned, which may have left spawns behind
                cancellations.forgotten(mark);
            }
            roots.exit();
        }
    }

    /** This worker entered {@code state} now, for the timeline: off the spawn's path, and cheap (a clock read, a store). */
    void enter(int state) {
        if (states != null) {
            states.enter(state, node.activity().sinceOrigin());
        }
    }

    /**
     * Told by this worker's deque before it offers thieves a job it was short of, or pops while
     * it is short (see {@link WorkDeque#push()}). Off the fast path, and so the place where a
     * spawn of abandoned work is refused: the Abandoned thrown here unwinds the job to its root.
     * A deque is short of jobs to offer when thieves took them, and {@link #shedAbandoned} takes
     * them when work is abandoned, so abandoned work stops at its next spawn or sync: a test on
     * every spawn would cost every program (docs/decisions/0015). It is also where this worker
     * gives up the jobs it spawned after a stolen one that failed (docs/decisions/0052), which
     * take its jobs to offer first.
     */
    private void offering() {
        if (runsAbandonedWork()) {
            throw new Abandoned("a spawn of abandoned work, refused on " + getName());
        }
        cancellations.giveUp();
        node.workPublished();
    }

    /**
     * Takes the jobs this worker offers off its deque while they belong to abandoned work, and
     * finishes them as abandoned, so that its owner, short of jobs to offer, meets {@link
     * #offering()} at its next spawn or sync. Any thread. A job that is not abandoned, taken in a
     * race with the owner, is handed to the node to run.
     *
     * @return how many jobs were thrown away
     */
    int shedAbandoned() {
        if (byValue != null) {
            return 0; // its deque tells the owner at every spawn
        }
        int thrown = 0;
        for (Lineage l = roots.innermost(); l != null && l.abandoned(); ) {
            InvocationRecord job = deque.steal(capture);
            if (job == null) {
                break;
            }
            if (!Lineage.abandoned(job)) {
                node.submit(job);
                break;
            }
            job.finishElsewhere(new Abandoned("a job of abandoned work, thrown away on " + getName()));
            thrown++;
        }
        return thrown;
    }

    /** A thief on another node takes the oldest job this worker offers. */
    InvocationRecord stealFromMe() {
        if (byValue != null) {
            return byValue.stealForRemote();
        }
        return deque.steal(capture);
    }
}
