package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.deque.SplitDeque;
import satin.deque.WorkDeque;

/**
 * The slow end of the fast form, driven step by step: the peer worker steals the oldest spawns,
 * all that the deque offers; the sync runs the newest, which was never offered, itself and gets
 * the stolen ones back as records, oldest first, each knowing its spawn site.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StolenChildrenTest {

    /** A spawn of "value + 1" that counts how many such calls have started. */
    private static final class PlusOne extends InvocationRecord {
        final long value;
        final AtomicInteger started;
        long result;

        PlusOne(long value, AtomicInteger started) {
            this.value = value;
            this.started = started;
        }

        @Override
        protected void invoke() throws InterruptedException {
            started.incrementAndGet();
            if (value == 0) {
                GATE.await(); // the peer holds the first job, so it takes no other while the owner spawns
            }
            result = value + 1;
        }
    }

    private static final java.util.concurrent.CountDownLatch GATE = new java.util.concurrent.CountDownLatch(1);

    private static final RecordFactory PLUS_ONE = slot -> new PlusOne(slot.j0, (AtomicInteger) slot.a0);

    private static void spawn(WorkDeque<Slot> d, int site, long value, AtomicInteger started) {
        Slot slot = d.claim();
        slot.describe(PLUS_ONE, site, null);
        slot.j0 = value;
        slot.a0 = started;
        d.push();
    }

    private static void waitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the peer worker never stole the job");
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void theStolenSpawnsComeBackAsRecordsOldestFirst() {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            long[] seen = node.call(() -> {
                Worker w = Worker.current();
                WorkDeque<Slot> d = w.deque();
                int mark = d.head();
                AtomicInteger started = new AtomicInteger();
                int offered = SplitDeque.PUBLIC_TARGET;
                spawn(d, 0, 0, started);
                waitUntil(() -> started.get() >= 1); // the peer took site 0 and waits in it
                for (int site = 1; site <= offered + 1; site++) {
                    spawn(d, site, 10L * site, started); // the first `offered` are offered, the last is not
                }
                GATE.countDown();
                waitUntil(() -> started.get() >= offered + 1);
                assertTrue(d.pop(), "the newest spawn stayed private");
                long newest = 10L * (offered + 1) + 1; // the sync runs it here as a plain call
                assertFalse(d.pop(), "the others were stolen");
                InvocationRecord[] stolen = w.joinStolen(mark, offered + 1, null);
                assertTrue(d.head() == mark, "the stolen slots are forgotten");
                long[] found = new long[2 * stolen.length + 1];
                for (int i = 0; i < stolen.length; i++) {
                    found[2 * i] = stolen[i].site();
                    found[2 * i + 1] = ((PlusOne) stolen[i]).result;
                }
                found[found.length - 1] = newest;
                return found;
            });
            long[] expected = new long[2 * SplitDeque.PUBLIC_TARGET + 3];
            for (int site = 0; site <= SplitDeque.PUBLIC_TARGET; site++) {
                expected[2 * site] = site;
                expected[2 * site + 1] = 10L * site + 1;
            }
            expected[expected.length - 1] = 10L * (SplitDeque.PUBLIC_TARGET + 1) + 1;
            assertArrayEquals(expected, seen);
            assertTrue(node.statistics().total().steals() >= SplitDeque.PUBLIC_TARGET + 1);
        }
    }
}
