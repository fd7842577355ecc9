package satin.runtime;

import java.util.concurrent.locks.LockSupport;
import satin.deque.WorkDeque;
import satin.stats.WorkerStats;

/**
 * A thread that runs jobs for its node. It owns one deque: its own spawns go on the head and come
 * back off the head (depth first), while its peers and, later, the node's load balancer take from
 * the tail. When it waits in a sync for children that were stolen, or when it has nothing at all,
 * it takes work from the node: jobs submitted from outside first, then its peers' deques.
 */
public final class Worker extends Thread {

    /** Idle rounds spent spinning, then yielding, before a worker parks. */
    private static final int SPIN_ROUNDS = 2_000;
    private static final int YIELD_ROUNDS = 200;
    private static final long MIN_PARK_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 1_000_000;

    final Node node;
    final int index;
    final WorkDeque<InvocationRecord> deque;
    final WorkerStats stats = new WorkerStats();
    private long random;
    /** Set while this worker is parked with nothing to do, so that new work can wake it. */
    volatile boolean parked;

    Worker(Node node, int index, long stackBytes) {
        super(null, null, node.name() + "-worker-" + index, stackBytes);
        this.node = node;
        this.index = index;
        this.deque = node.config().deque().create(node::workPublished);
        this.random = 0x9E3779B97F4A7C15L * (index + 1) ^ System.nanoTime();
        setDaemon(true);
    }

    @Override
    public void run() {
        int rounds = 0;
        long idleSince = System.nanoTime();
        while (!node.stopping()) {
            InvocationRecord job = findWork();
            if (job != null) {
                long now = System.nanoTime();
                stats.idleNanos += now - idleSince;
                runForOthers(job);
                idleSince = System.nanoTime();
                rounds = 0;
            } else {
                rounds = idle(rounds, null);
            }
        }
        stats.idleNanos += System.nanoTime() - idleSince;
    }

    void push(InvocationRecord record) {
        deque.push(record);
        stats.spawns++;
    }

    /** The sync of {@code frame}, which this worker owns. */
    void sync(Frame frame) {
        WorkDeque<InvocationRecord> d = deque;
        while (frame.ranHere < frame.spawned) {
            InvocationRecord job = d.pop();
            if (job == null) {
                break; // the rest were stolen, and everything older than them with them
            }
            if (job.frame != frame) {
                throw foreignJob(job, frame);
            }
            frame.ranHere++;
            runHere(job, frame);
        }
        if (frame.ranHere != frame.spawned) {
            awaitStolen(frame);
        }
        frame.finishSync();
    }

    private void runHere(InvocationRecord job, Frame frame) {
        stats.jobsRunHere++;
        try {
            job.invoke();
            job.deliver();
        } catch (Throwable t) {
            frame.childFailedHere(t);
        }
    }

    /** Runs a job that belongs to a frame of another thread, and reports back to that frame. */
    private void runForOthers(InvocationRecord job) {
        stats.jobsRunForOthers++;
        Throwable failure = null;
        try {
            job.invoke();
            job.deliver();
        } catch (Throwable t) {
            failure = t;
        }
        job.frame.childDoneElsewhere(failure);
    }

    /** Some children of {@code frame} were stolen: do other useful work until they are back. */
    private void awaitStolen(Frame frame) {
        stats.syncWaits++;
        long start = System.nanoTime();
        int rounds = 0;
        while (frame.awayCount() > 0) {
            InvocationRecord job = findWork();
            if (job != null) {
                runForOthers(job);
                rounds = 0;
            } else {
                rounds = idle(rounds, frame);
            }
        }
        stats.syncWaitNanos += System.nanoTime() - start;
    }

    private InvocationRecord findWork() {
        InvocationRecord job = node.pollSubmitted();
        if (job != null) {
            return job;
        }
        Worker[] peers = node.workers();
        int n = peers.length;
        if (n == 1) {
            return null;
        }
        int start = nextInt(n);
        for (int k = 0; k < n; k++) {
            Worker victim = peers[(start + k) % n];
            if (victim != this) {
                stats.stealAttempts++;
                job = victim.deque.steal();
                if (job != null) {
                    stats.steals++;
                    return job;
                }
            }
        }
        return null;
    }

    /**
     * One idle round: spin first, because waking a parked thread on another core is expensive on
     * small virtual machines, then yield, then park for a while; a returning stolen child or newly
     * published work unparks the worker early.
     */
    private int idle(int rounds, Frame waitingFor) {
        if (rounds < SPIN_ROUNDS) {
            Thread.onSpinWait();
        } else if (rounds < SPIN_ROUNDS + YIELD_ROUNDS) {
            Thread.yield();
        } else {
            int doublings = Math.min(rounds - SPIN_ROUNDS - YIELD_ROUNDS, 6);
            long nanos = Math.min(MAX_PARK_NANOS, MIN_PARK_NANOS << doublings);
            if (waitingFor != null) {
                waitingFor.setWaiter(this);
                if (waitingFor.awayCount() > 0) {
                    LockSupport.parkNanos(this, nanos);
                }
                waitingFor.setWaiter(null);
            } else {
                parked = true;
                node.parkedWorkers.incrementAndGet();
                if (!node.stopping() && !node.hasSubmitted()) {
                    LockSupport.parkNanos(this, nanos);
                }
                node.parkedWorkers.decrementAndGet();
                parked = false;
            }
        }
        return rounds + 1;
    }

    private int nextInt(int bound) {
        long x = random;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return (int) ((x >>> 33) % bound);
    }

    private static IllegalStateException foreignJob(InvocationRecord job, Frame frame) {
        return new IllegalStateException("sync found a job of another invocation (" + job.getClass().getName()
                + ") above its own children: a spawning method returned without syncing");
    }
}
