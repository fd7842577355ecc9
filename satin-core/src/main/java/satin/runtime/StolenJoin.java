package satin.runtime;

import satin.deque.WorkDeque;
import satin.stats.WorkerStateLog;
import satin.stats.WorkerStats;

/**
 * The slow end of a sync whose oldest spawns were stolen: their records are read out of the slots
 * the thieves left, and the worker waits for each, running other jobs meanwhile so that a stolen
 * child's wait is work elsewhere rather than idle time. Apart from {@link Worker} because a sync
 * comes here only after a pop failed.
 */
final class StolenJoin {

    private final Worker worker;
    private final WorkDeque<Slot> deque;
    private final Node node;
    private final WorkerStats stats;
    private final WorkSearch search;

    StolenJoin(Worker worker, WorkDeque<Slot> deque, Node node, WorkerStats stats, WorkSearch search) {
        this.worker = worker;
        this.deque = deque;
        this.node = node;
        this.stats = stats;
        this.search = search;
    }

    /**
     * The records of the {@code count} stolen spawns since {@code mark}, oldest first, once each is
     * done. Those after the first that failed are told to stop (docs/decisions/0052).
     */
    InvocationRecord[] join(int mark, int count) {
        InvocationRecord[] stolen = take(mark, count);
        Stopping stopping = new Stopping(stolen);
        for (InvocationRecord record : stolen) {
            await(record, stopping);
        }
        return stolen;
    }

    /** A join's stopping of the spawns after its first failure, looked at again when a failure is known. */
    private final class Stopping {
        private final InvocationRecord[] stolen;
        private int stoppedFrom;
        private int failuresSeen = -1;

        Stopping(InvocationRecord[] stolen) {
            this.stolen = stolen;
            this.stoppedFrom = stolen.length;
        }

        void look() {
            int failures = worker.cancellations().failures();
            if (failures != failuresSeen) {
                failuresSeen = failures;
                stoppedFrom = worker.cancellations().stopAfterFirstFailure(stolen, stoppedFrom);
            }
        }
    }

    /** Reads the thieves' records out of the stolen slots, then forgets the slots. */
    private InvocationRecord[] take(int mark, int count) {
        if (count == 0) {
            return Worker.NONE;
        }
        int head = deque.head();
        if (head != mark + count) {
            throw new IllegalStateException("sync expected " + count + " stolen spawns above index " + mark
                    + " but the deque head is " + head + ": a spawning method returned without syncing");
        }
        InvocationRecord[] stolen = new InvocationRecord[count];
        for (int i = 0; i < count; i++) {
            Slot slot = deque.slot(mark + i);
            stolen[i] = slot.record;
            slot.record = null;
        }
        deque.resetTo(mark);
        worker.cancellations().forgotten(mark);
        return stolen;
    }

    /** Waits until a stolen child is done, doing other useful work meanwhile. */
    private void await(InvocationRecord record, Stopping stopping) {
        if (record.isDone()) {
            return;
        }
        stats.syncWaits++;
        worker.enter(WorkerStateLog.STEALING); // its job waits: the worker looks for other work meanwhile
        long start = System.nanoTime();
        long idleSince = start;
        int rounds = 0;
        InvocationRecord outer = worker.awaiting;
        worker.awaiting = record;
        while (!record.isDone()) {
            stopping.look();
            InvocationRecord job = search.findWork();
            if (job != null) {
                stats.syncIdleNanos += System.nanoTime() - idleSince;
                worker.runForOthers(job);
                worker.awaiting = record; // a job run meanwhile may have waited for one of its own
                idleSince = System.nanoTime();
                rounds = 0;
            } else {
                node.remoteIdle();
                rounds = search.idle(rounds, record);
            }
        }
        worker.awaiting = outer;
        worker.enter(WorkerStateLog.RUNNING); // its own job again
        long end = System.nanoTime();
        stats.syncIdleNanos += end - idleSince;
        stats.syncWaitNanos += end - start;
    }
}
