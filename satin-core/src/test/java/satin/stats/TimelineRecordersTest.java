package satin.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The bounded recorders of a timeline: a worker's states, a node's steals, counts per interval. */
class TimelineRecordersTest {

    @Test
    void aWorkerLogKeepsChangesOnlyUpToItsCapacityAndCountsTheRest() {
        WorkerStateLog log = new WorkerStateLog(3);
        log.enter(WorkerStateLog.STEALING, 5);
        log.enter(WorkerStateLog.STEALING, 6); // no change
        log.enter(WorkerStateLog.RUNNING, 7);
        log.enter(WorkerStateLog.IDLE, 9);
        log.enter(WorkerStateLog.RUNNING, 10);
        log.enter(WorkerStateLog.RUNNING, 11); // no change, not counted
        log.enter(WorkerStateLog.STEALING, 12);
        long[] e = log.entries();
        assertEquals(3, e.length);
        assertEquals(7, WorkerStateLog.offset(e[1]));
        assertEquals(WorkerStateLog.IDLE, WorkerStateLog.state(e[2]));
        assertEquals(2, log.dropped());
    }

    @Test
    void aReaderSeesWholeEntriesWhileTheWorkerWrites() throws Exception {
        WorkerStateLog log = new WorkerStateLog(1 << 16);
        CountDownLatch done = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 1 << 16; i++) {
                log.enter(i % 3, i);
            }
            done.countDown();
        });
        writer.start();
        do {
            long[] e = log.entries();
            for (int i = 0; i < e.length; i++) {
                assertEquals(i, WorkerStateLog.offset(e[i]));
                assertEquals(i % 3, WorkerStateLog.state(e[i]));
            }
        } while (!done.await(0, TimeUnit.MILLISECONDS));
        assertEquals(1 << 16, log.entries().length);
    }

    @Test
    void aNodesBudgetIsSharedByItsWorkers() {
        assertEquals(1 << 16, WorkerStateLog.capacityPerWorker(2, 1 << 17));
        assertEquals(256, WorkerStateLog.capacityPerWorker(4096, 1 << 17));
    }

    @Test
    void failedRequestsTakeAtMostHalfTheStealLogAndAreAllCountedPerInterval() {
        StealLog log = new StealLog(4, 8);
        for (int i = 0; i < 5; i++) {
            log.record(StealLog.EMPTY, 1, -1, i * 1_000_000L, i * 1_000_000L + 10);
        }
        log.record(StealLog.GAVE, 2, 7, 100, 50); // an end before its start is moved to it
        log.record(StealLog.GOT, 2, 8, 200, 300);
        log.record(StealLog.GOT, 2, 9, 400, 500);
        assertArrayEquals(new long[] {StealLog.EMPTY, 1, -1, 0, 10, StealLog.EMPTY, 1, -1, 1_000_000, 1_000_010,
                StealLog.GAVE, 2, 7, 100, 100, StealLog.GOT, 2, 8, 200, 300}, log.entries());
        assertEquals(4, log.dropped());
        assertArrayEquals(new long[] {1, 1, 1, 1, 1}, log.failed().snapshot().counts()[0]);
    }

    @Test
    void intervalsDoubleWhenTimeRunsPastTheLastAndNeighboursMerge() {
        IntervalCounts c = new IntervalCounts(2, 4);
        long ms = IntervalCounts.FIRST_WIDTH_NANOS;
        c.add(0, 0, 1);
        c.add(0, ms, 2);
        c.add(1, 3 * ms + 1, 5);
        assertEquals(ms, c.snapshot().widthNanos());
        c.add(0, 9 * ms, 1); // past 4 ms, and past 8: two doublings
        IntervalCounts.Snapshot s = c.snapshot();
        assertEquals(4 * ms, s.widthNanos());
        assertArrayEquals(new long[] {3, 0, 1}, s.counts()[0]);
        assertArrayEquals(new long[] {5, 0, 0}, s.counts()[1]);
    }
}
