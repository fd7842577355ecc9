package satin.runtime;

import java.util.concurrent.locks.LockSupport;
import satin.stats.WorkerStateLog;
import satin.stats.WorkerStats;

/**
 * Where a worker with nothing of its own to run finds work, and how it waits when there is none:
 * jobs submitted to its node first, then the oldest job of a peer picked at random; then it spins,
 * yields and parks, longer each round. The idle path of a worker, kept apart from the spawn and
 * sync it never touches.
 */
final class WorkSearch {

    /**
     * Idle rounds spent spinning, then yielding, before a worker parks. Few spins, then yields: a
     * spinning idle worker holds its core, which on a small machine the network's event loops need;
     * yielding lets them run (docs/decisions/0006-idle-workers-yield.md).
     */
    private static final int SPIN_ROUNDS = 50;
    private static final int YIELD_ROUNDS = 200;
    private static final long MIN_PARK_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 1_000_000;

    private final Worker worker;
    private final Node node;
    private final WorkerStats stats;
    private long random;

    WorkSearch(Worker worker, Node node, int index, WorkerStats stats) {
        this.worker = worker;
        this.node = node;
        this.stats = stats;
        this.random = 0x9E3779B97F4A7C15L * (index + 1) ^ System.nanoTime();
    }

    /** A job submitted to the node, else one stolen from a peer; null if there is none. */
    InvocationRecord findWork() {
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
            if (victim != worker) {
                stats.stealAttempts++;
                job = victim.deque.steal(victim.capture);
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
     * small virtual machines, then yield, then park for a while; a finishing stolen child or newly
     * published work unparks the worker early.
     */
    int idle(int rounds, InvocationRecord awaited) {
        if (rounds < SPIN_ROUNDS) {
            Thread.onSpinWait();
        } else if (rounds < SPIN_ROUNDS + YIELD_ROUNDS) {
            Thread.yield();
        } else {
            if (rounds == SPIN_ROUNDS + YIELD_ROUNDS) {
                worker.enter(WorkerStateLog.IDLE); // it gives up looking, and parks from now on
            }
            int doublings = Math.min(rounds - SPIN_ROUNDS - YIELD_ROUNDS, 6);
            long nanos = Math.min(MAX_PARK_NANOS, MIN_PARK_NANOS << doublings);
            if (awaited != null) {
                parkAwaiting(awaited, nanos);
            } else {
                parkIdle(nanos);
            }
        }
        return rounds + 1;
    }

    private void parkAwaiting(InvocationRecord awaited, long nanos) {
        awaited.setWaiter(worker);
        if (!awaited.isDone()) {
            LockSupport.parkNanos(worker, nanos);
        }
        awaited.setWaiter(null);
    }

    private void parkIdle(long nanos) {
        worker.parked = true;
        node.parkedWorkers.incrementAndGet();
        if (!node.stopping() && !node.hasSubmitted()) {
            LockSupport.parkNanos(worker, nanos);
        }
        node.parkedWorkers.decrementAndGet();
        worker.parked = false;
    }

    private int nextInt(int bound) {
        long x = random;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return (int) ((x >>> 33) % bound);
    }
}
