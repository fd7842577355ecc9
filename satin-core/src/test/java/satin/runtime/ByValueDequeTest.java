package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.deque.Cancelling;

/**
 * The by-value deque's cancelling against the spawner's sync, which lets go of its slots' records
 * without the deque's lock ({@link StolenJoin}): what is dropped is the record the sync waits for,
 * whenever the sync lets go of it.
 */
class ByValueDequeTest {

    private static final class Call extends InvocationRecord {
        @Override
        protected void invoke() {
        }
    }

    /** The cancelling of the jobs after slot 0, which a thief took and which failed. */
    private static final class AfterFirst implements Cancelling<Slot> {
        final ByValueDeque deque;
        final InvocationRecord failed;
        final List<InvocationRecord> dropped = new ArrayList<>();

        AfterFirst(ByValueDeque deque, InvocationRecord failed) {
            this.deque = deque;
            this.failed = failed;
        }

        @Override
        public boolean stillStolen(Slot slot) {
            return slot.record == failed;
        }

        @Override
        public boolean later(Slot slot) {
            return slot.index > 0;
        }

        @Override
        public void stolen(Slot slot) {
        }

        @Override
        public void dropped(Slot slot) {
            deque.slot(slot.index).record = null; // the spawner's sync lets go of the slot now, unlocked
            dropped.add(slot.record);
            slot.record.finishElsewhere(LaterJobs.CANCELLED);
        }
    }

    private static InvocationRecord spawn(ByValueDeque deque) {
        Slot slot = deque.claim();
        slot.describe(RecordFactory.PREBUILT, 0, null);
        InvocationRecord call = new Call();
        slot.record = call;
        deque.push();
        return call;
    }

    private static ByValueDeque deque() {
        ByValueDeque[] self = new ByValueDeque[1];
        self[0] = new ByValueDeque(JobCopier.sharing(), () -> { }, (record, index) -> self[0].slot(index).record = record,
                record -> { });
        return self[0];
    }

    @Test
    void aCancelledJobIsDroppedThoughTheSyncLetsGoOfItsSlotMeanwhile() {
        ByValueDeque deque = deque();
        InvocationRecord first = spawn(deque);
        InvocationRecord second = spawn(deque);
        InvocationRecord third = spawn(deque);
        Object taken = deque.steal(slot -> slot);
        assertSame(first, taken instanceof ByValueJob j ? j.original() : null, "a thief takes the oldest");

        AfterFirst cancelling = new AfterFirst(deque, first);
        deque.cancelAfter(0, cancelling);

        assertEquals(List.of(second, third), cancelling.dropped);
        assertTrue(second.isDone() && third.isDone(), "the records the sync waits for are finished");
        assertSame(LaterJobs.CANCELLED, third.failure());
        assertEquals(0, deque.size(), "no copy is left to run");
    }

    @Test
    void aSpawnAfterGivingUpIsDroppedUnrunAsTheRecordItsSyncWaitsFor() {
        ByValueDeque deque = deque();
        InvocationRecord first = spawn(deque);
        AfterFirst cancelling = new AfterFirst(deque, first);
        deque.giveUpFrom(1, cancelling);

        InvocationRecord later = spawn(deque);

        assertEquals(List.of(later), cancelling.dropped);
        assertSame(LaterJobs.CANCELLED, later.failure());
        assertEquals(1, deque.size(), "the first spawn's copy still waits to run");
    }
}
