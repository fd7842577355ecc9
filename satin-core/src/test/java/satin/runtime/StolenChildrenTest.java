package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.deque.WorkDeque;

/**
 * The slow end of the fast form, driven step by step: the peer worker steals the two oldest of
 * three spawns; the sync runs the newest itself and gets the stolen two back as records, oldest
 * first, each knowing its spawn site.
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
        protected void invoke() {
            started.incrementAndGet();
            result = value + 1;
        }
    }

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
                spawn(d, 0, 10, started);
                spawn(d, 1, 20, started);
                waitUntil(() -> started.get() >= 1); // the peer took site 0, the only one offered
                spawn(d, 2, 30, started); // finding nothing offered, the push offers site 1
                waitUntil(() -> started.get() >= 2);
                assertTrue(d.pop(), "site 2 stayed private");
                long newest = 30 + 1; // the sync runs it here as a plain call
                assertFalse(d.pop(), "site 1 was stolen");
                InvocationRecord[] stolen = w.joinStolen(mark, 2, null);
                assertTrue(d.head() == mark, "the stolen slots are forgotten");
                return new long[] {stolen[0].site(), ((PlusOne) stolen[0]).result, stolen[1].site(),
                    ((PlusOne) stolen[1]).result, newest};
            });
            assertArrayEquals(new long[] {0, 11, 1, 21, 31}, seen);
            assertTrue(node.statistics().total().steals() >= 2);
        }
    }
}
