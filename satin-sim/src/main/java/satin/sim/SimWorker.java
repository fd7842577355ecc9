package satin.sim;

import java.util.Arrays;
import satin.stats.WorkerStateLog;

/**
 * A simulated worker: the runtime's worker ({@code satin.runtime.Worker}) as a state machine on
 * the virtual clock. It has a stack of frames, one per job it is inside, and a {@link JobDeque}. A
 * job computes for its cost, spawns its children onto the head of the deque and syncs: it pops
 * them newest first and runs each as a plain call (a new frame on top); once a pop finds the
 * newest stolen, every older one was stolen too, and the frame waits for them. While it waits, or
 * when it has no frame at all, the worker takes work from its node, arrived jobs first, then the
 * public tails of its peers' deques; a job it takes while waiting runs on top of the waiting frame,
 * which goes on only once that job is done, as in the runtime. With nothing to take it is idle,
 * and its node's balancer is asked for work.
 */
final class SimWorker {

    /** Where a frame's job came from, and so where its end is reported. */
    static final int INLINE = 0;
    static final int PEER = 1;
    static final int REMOTE = 2;
    static final int ROOT = 3;

    private static final int STARTING = 0;
    private static final int COMPUTING = 1;
    private static final int SYNCING = 2;
    private static final int WAITING = 3;

    final SimNode node;
    final int index;
    /** Its number in the simulation, by which events name it. */
    final int number;
    final JobDeque deque;
    private final Simulation sim;
    private final Workload workload;
    private final int words;
    private final long[] child;

    private int depth;
    private long[] jobs;
    private int[] mark;
    private int[] pending;
    private int[] state;
    /** How many children the frame's job spawns: known when it starts, used when it spawns. */
    private int[] kids;
    private int[] from;
    private int[] owner;
    private long[] id;
    private long[] waitStart;

    private boolean idle;
    private long idleSince;
    /** Its states for the timeline, changed where the runtime's worker changes its own. */
    final WorkerStateLog states;

    long jobsRun;
    long spawns;
    long stolenFromMe;
    long jobsRunForOthers;
    long stealAttempts;
    long steals;
    long syncWaits;
    long syncWaitNanos;
    long syncIdleNanos;
    long idleNanos;

    SimWorker(SimNode node, int index, Simulation sim) {
        this.node = node;
        this.index = index;
        this.sim = sim;
        this.number = sim.register(this);
        this.workload = sim.workload();
        this.words = workload.words();
        this.deque = new JobDeque(words, sim.config().offered());
        this.child = new long[words];
        this.states = node.timeline.workerLog();
        int cap = 8;
        jobs = new long[cap * words];
        mark = new int[cap];
        pending = new int[cap];
        state = new int[cap];
        kids = new int[cap];
        from = new int[cap];
        owner = new int[cap];
        id = new long[cap];
        waitStart = new long[cap];
    }

    /** Idle from the start of the run, as a worker of a pool formed before its main began. */
    void startIdle() {
        idle = true;
        idleSince = sim.now();
        states.enter(WorkerStateLog.IDLE, sim.now());
    }

    boolean idle() {
        return idle;
    }

    /** The run starts now, in a pool that formed before it: no job has run yet, so only idle time was counted. */
    void startCounting() {
        idleNanos = 0;
        syncIdleNanos = 0;
        idleSince = sim.now();
    }

    /** The run is over: an idle spell still open counts up to now. */
    void close() {
        if (idle) {
            endSpell();
        }
    }

    /** Counts the idle spell up to now: outside every job, or in a sync with nothing to run. */
    private void endSpell() {
        parkedSince(idleSince + sim.config().idle().spinNanos());
        long spell = sim.now() - idleSince;
        if (depth == 0) {
            idleNanos += spell;
        } else {
            syncIdleNanos += spell;
        }
        idleSince = sim.now();
    }

    /** Its job computed for as long as it costs (the STEP event). */
    void computed() {
        spawn(depth - 1);
        advance();
    }

    /** Work may be there for an idle worker: an arrived job, a published one, a stolen child done. */
    void wake() {
        if (!idle) {
            return;
        }
        endSpell();
        idle = false;
        node.workerWoke();
        advance();
    }

    /** A child that the frame at {@code frame} spawned, taken by a thief, is done. */
    void childDone(int frame) {
        pending[frame]--;
        if (pending[frame] == 0 && idle && frame == depth - 1) {
            wake();
        }
    }

    /** Accounts a job a thief took from this worker's deque at {@code slot}: its frame now waits for it. */
    int stolen(int slot) {
        stolenFromMe++;
        int f = deque.frameOf(slot);
        pending[f]++;
        return f;
    }

    /** Goes as far as it can at this instant: until a job computes, or there is nothing to do. */
    private void advance() {
        while (true) {
            if (depth == 0) {
                if (!takeWork()) {
                    goIdle();
                    return;
                }
                continue;
            }
            int d = depth - 1;
            switch (state[d]) {
                case STARTING -> {
                    if (!compute(d)) {
                        return;
                    }
                }
                case SYNCING -> sync(d);
                case WAITING -> {
                    if (pending[d] == 0) {
                        states.enter(WorkerStateLog.RUNNING, sim.now()); // its own job again
                        syncWaitNanos += sim.now() - waitStart[d];
                        finish(d);
                    } else if (!takeWork()) {
                        goIdle();
                        return;
                    }
                }
                default -> throw new IllegalStateException("worker " + node.name() + "/" + index + " advanced while computing");
            }
        }
    }

    /** Starts the frame's job: false if it computes for a while (its STEP is scheduled). */
    private boolean compute(int d) {
        kids[d] = workload.children(jobs, d * words);
        long cost = workload.cost(jobs, d * words, kids[d]);
        sim.worked(cost);
        if (cost > 0) {
            state[d] = COMPUTING;
            sim.scheduleStep(this, sim.now() + cost);
            return false;
        }
        spawn(d);
        return true;
    }

    private void spawn(int d) {
        int n = kids[d];
        for (int i = 0; i < n; i++) {
            workload.child(jobs, d * words, i, child, 0);
            deque.push(child, 0, d);
            if (deque.published()) {
                node.workPublished(this);
            }
        }
        spawns += n;
        state[d] = SYNCING;
    }

    private void sync(int d) {
        if (deque.head() > mark[d]) {
            int slot = deque.pop();
            if (deque.published()) {
                node.workPublished(this);
            }
            if (slot >= 0) {
                enter(deque.jobs(), slot * words, INLINE, 0, 0);
                return;
            }
            deque.resetTo(mark[d]);
        }
        if (pending[d] == 0) {
            finish(d);
        } else {
            state[d] = WAITING;
            states.enter(WorkerStateLog.STEALING, sim.now()); // it looks for other work meanwhile
            syncWaits++;
            waitStart[d] = sim.now();
        }
    }

    /** The frame's job is done: its result goes where the job came from. */
    private void finish(int d) {
        depth = d;
        if (from[d] != INLINE) {
            states.enter(WorkerStateLog.STEALING, sim.now()); // a job for others is done: it looks for work again
        }
        if (d == 0) {
            node.workerLeftJobs();
        }
        switch (from[d]) {
            case PEER -> node.worker(owner[d]).childDone((int) id[d]);
            case REMOTE -> sim.protocol().result(node, owner[d], id[d]);
            case ROOT -> sim.rootDone();
            default -> {
                // a child run by its spawner's sync: the spawner goes on
            }
        }
    }

    /** Takes an arrived job, else a job from a peer's deque: false if there was none. */
    private boolean takeWork() {
        Arrivals a = node.arrivals();
        if (a.size() > 0) {
            int p = a.oldest();
            int owner = a.owner(p);
            enter(a.jobs(), p * words, owner == Arrivals.ROOT ? ROOT : REMOTE, owner, a.id(p));
            a.remove();
            jobsRunForOthers++;
            return true;
        }
        SimWorker[] peers = node.workers();
        int n = peers.length;
        if (n == 1) {
            return false;
        }
        int start = node.random(n);
        for (int k = 0; k < n; k++) {
            SimWorker victim = peers[(start + k) % n];
            if (victim != this) {
                stealAttempts++;
                int slot = victim.deque.steal();
                if (slot >= 0) {
                    steals++;
                    int f = victim.stolen(slot);
                    enter(victim.deque.jobs(), slot * words, PEER, victim.index, f);
                    jobsRunForOthers++;
                    return true;
                }
            }
        }
        return false;
    }

    /** Pushes a frame for the job at {@code src[off..]}, which came from {@code kind} ({@code who}, {@code what}). */
    private void enter(long[] src, int off, int kind, int who, long what) {
        if (depth == mark.length) {
            grow();
        }
        System.arraycopy(src, off, jobs, depth * words, words);
        mark[depth] = deque.head();
        pending[depth] = 0;
        state[depth] = STARTING;
        from[depth] = kind;
        owner[depth] = who;
        id[depth] = what;
        if (depth == 0) {
            node.workerEnteredJobs();
        }
        if (kind != INLINE) {
            states.enter(WorkerStateLog.RUNNING, sim.now());
        }
        depth++;
        jobsRun++;
        sim.jobStarted();
    }

    private void goIdle() {
        idle = true;
        idleSince = sim.now();
        node.workerIdle();
    }

    /**
     * An idle spell that lasted past the runtime's spinning and yielding (its idle loop's) was parked
     * from then on: the worker gave up looking at {@code parkedAt}.
     */
    private void parkedSince(long parkedAt) {
        if (sim.now() > parkedAt && sim.config().idle().parks()) {
            states.enter(WorkerStateLog.IDLE, parkedAt);
        }
    }

    private void grow() {
        int cap = mark.length * 2;
        jobs = Arrays.copyOf(jobs, cap * words);
        mark = Arrays.copyOf(mark, cap);
        pending = Arrays.copyOf(pending, cap);
        state = Arrays.copyOf(state, cap);
        kids = Arrays.copyOf(kids, cap);
        from = Arrays.copyOf(from, cap);
        owner = Arrays.copyOf(owner, cap);
        id = Arrays.copyOf(id, cap);
        waitStart = Arrays.copyOf(waitStart, cap);
    }
}
