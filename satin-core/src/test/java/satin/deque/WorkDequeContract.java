package satin.deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * What every {@link WorkDeque} does, single-threaded: the owner's end is LIFO, the thieves' end
 * FIFO, every job comes out once, and slots are reused. Each implementation runs it through a
 * subclass; the concurrent half of the contract is {@link WorkDequeStressContract}.
 */
abstract class WorkDequeContract {

    abstract WorkDeque<Cell> newDeque();

    /** A deque that tells {@code onPublish} before it offers thieves a job where it had none to offer. */
    abstract WorkDeque<Cell> newDeque(Runnable onPublish);

    /** What an owner throws to refuse a push or pop. */
    static final class Refused extends RuntimeException {
        Refused() {
            super("refused", null, false, false);
        }
    }

    static void push(WorkDeque<Cell> d, int id) {
        Cell c = d.claim();
        c.id = id;
        c.takenBy = -1;
        d.push();
    }

    /** Pops and returns the id, or -1 if the newest job was stolen. */
    static int pop(WorkDeque<Cell> d) {
        return d.pop() ? d.slot(d.head()).id : -1;
    }

    /** Steals until nothing is offered; the ids, oldest first. */
    static List<Integer> stealAll(WorkDeque<Cell> d) {
        List<Integer> stolen = new ArrayList<>();
        for (Integer id = steal(d); id != null; id = steal(d)) {
            stolen.add(id);
        }
        return stolen;
    }

    static Integer steal(WorkDeque<Cell> d) {
        return d.steal(c -> {
            c.takenBy = 7;
            return c.id;
        });
    }

    @Test
    void anEmptyDequeHasNothingToPopOrSteal() {
        WorkDeque<Cell> d = newDeque();
        assertEquals(0, d.head());
        assertEquals(0, d.size());
        assertFalse(d.pop());
        assertNull(steal(d));
        assertEquals(0, d.head());
    }

    @Test
    void theOwnerTakesItsJobsBackNewestFirst() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 5; i++) {
            push(d, i);
        }
        assertEquals(5, d.head());
        assertEquals(5, d.size());
        for (int i = 5; i >= 1; i--) {
            assertEquals(i, pop(d));
        }
        assertEquals(0, d.head());
        assertFalse(d.pop());
    }

    @Test
    void thievesTakeTheOldestJobsFirstAndTheOwnerTheRest() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 6; i++) {
            push(d, i);
        }
        List<Integer> stolen = new ArrayList<>();
        for (Integer id = steal(d); id != null; id = steal(d)) {
            stolen.add(id);
        }
        assertFalse(stolen.isEmpty(), "a thief must see work once the owner has pushed");
        for (int i = 0; i < stolen.size(); i++) {
            assertEquals(i + 1, stolen.get(i), "thieves take the oldest job first");
        }
        for (int i = 6; i > stolen.size(); i--) {
            assertEquals(i, pop(d));
        }
        assertEquals(-1, pop(d), "the rest were stolen");
    }

    @Test
    void theOwnerCanReclaimAJobItOfferedToThieves() {
        WorkDeque<Cell> d = newDeque();
        push(d, 1);
        assertEquals(1, pop(d));
        assertNull(steal(d), "a job comes out once");
        assertEquals(0, d.head());
    }

    @Test
    void aStolenJobLeavesItsNoteAndIsForgottenByReset() {
        WorkDeque<Cell> d = newDeque();
        push(d, 10);
        int mark = d.head();
        push(d, 11);
        assertEquals(10, steal(d));
        Integer second = steal(d);
        if (second == null) {
            assertEquals(11, pop(d)); // a split deque hides the newest job until the owner moves
            assertEquals(-1, pop(d));
            assertEquals(1, d.head(), "a failed pop leaves the head where it was");
            assertEquals(7, d.slot(0).takenBy, "the thief's note is readable in the slot");
            d.resetTo(0);
        } else {
            assertEquals(11, second);
            assertEquals(-1, pop(d));
            assertEquals(2, d.head());
            assertEquals(7, d.slot(mark).takenBy);
            d.resetTo(0);
        }
        assertEquals(0, d.head());
        assertEquals(0, d.size());
        assertNull(steal(d));
        push(d, 12);
        assertEquals(12, pop(d));
    }

    @Test
    void resetRefusesToForgetAJobThatWasNotStolen() {
        WorkDeque<Cell> d = newDeque();
        push(d, 1);
        push(d, 2);
        assertThrows(IllegalStateException.class, () -> d.resetTo(0));
        assertEquals(2, pop(d));
        assertEquals(1, pop(d));
    }

    @Test
    void slotsAreReusedSoThatAPushAllocatesNothing() {
        WorkDeque<Cell> d = newDeque();
        Cell first = d.claim();
        push(d, 1);
        assertEquals(1, pop(d));
        assertSame(first, d.claim());
        push(d, 2);
        Cell second = d.claim();
        push(d, 3);
        assertEquals(3, pop(d));
        assertSame(second, d.claim());
    }

    @Test
    void theDequeGrowsWithoutLosingOrMovingJobs() {
        WorkDeque<Cell> d = newDeque();
        int n = 5_000;
        List<Cell> cells = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            cells.add(d.claim());
            push(d, i);
        }
        assertEquals(n, d.head());
        Integer stolen = steal(d);
        assertNotNull(stolen);
        assertEquals(0, stolen);
        for (int i = n - 1; i >= 1; i--) {
            assertSame(cells.get(i), d.slot(i), "growing keeps every job in its slot");
            assertEquals(i, pop(d));
        }
        assertEquals(-1, pop(d));
        assertEquals(n, d.pushes());
    }

    @Test
    void aThiefSeesWorkAgainAfterTheOwnerMoves() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 4; i++) {
            push(d, i);
        }
        int taken = 0;
        for (int round = 0; round < 4; round++) {
            if (steal(d) != null) {
                taken++;
            }
            push(d, 100 + round);
            assertEquals(100 + round, pop(d));
        }
        assertTrue(taken >= 2, "each push or pop offers thieves the oldest job again");
    }

    @Test
    void aPushTheOwnerRefusesWhenTheDequeOffersItLeavesTheDequeAsItWas() {
        boolean[] refusing = {false};
        WorkDeque<Cell> d = newDeque(() -> {
            if (refusing[0]) {
                throw new Refused();
            }
        });
        for (int i = 1; i <= 3; i++) {
            push(d, i);
        }
        while (steal(d) != null) {
            // thieves take all that is offered, so that the next push offers the new job
        }
        int head = d.head();
        int size = d.size();
        long pushes = d.pushes();
        refusing[0] = true;
        assertThrows(Refused.class, () -> push(d, 5));
        assertEquals(head, d.head(), "not pushed");
        assertEquals(size, d.size());
        assertEquals(pushes, d.pushes());
        refusing[0] = false;
        push(d, 5);
        assertEquals(head + 1, d.head());
        assertEquals(5, pop(d));
    }

    @Test
    void discardGivesUpTheJobsAboveAnIndexStolenOrNotAndKeepsThoseBelow() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 6; i++) {
            push(d, i);
        }
        assertEquals(1, steal(d));
        d.discardTo(3);
        assertEquals(3, d.head());
        assertEquals(2, d.size(), "jobs 2 and 3 are still there");
        assertEquals(2, steal(d), "the oldest left goes to a thief");
        assertEquals(3, pop(d), "the newest left to the owner");
        assertEquals(-1, pop(d));
        assertNull(steal(d), "nothing above the index can be taken any more");
        push(d, 7);
        assertEquals(7, pop(d), "the slots above the index are the owner's again");
    }

    /** Cancels the jobs after the one with id {@code failed}, noting which were stolen and which dropped. */
    static final class Cancel implements Cancelling<Cell> {
        final int failed;
        final IntPredicate later;
        final List<Integer> stolen = new ArrayList<>();
        final List<Integer> dropped = new ArrayList<>();

        Cancel(int failed, IntPredicate later) {
            this.failed = failed;
            this.later = later;
        }

        @Override
        public boolean stillStolen(Cell slot) {
            return slot.id == failed && slot.takenBy == 7;
        }

        @Override
        public boolean later(Cell slot) {
            return later.test(slot.id);
        }

        @Override
        public void stolen(Cell slot) {
            stolen.add(slot.id);
        }

        @Override
        public void dropped(Cell slot) {
            slot.takenBy = 9;
            dropped.add(slot.id);
        }
    }

    @Test
    void cancellingAfterAStolenJobStopsTheLaterStolenOnesAndDropsWhatThievesCouldTake() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 6; i++) {
            push(d, i);
        }
        List<Integer> taken = new ArrayList<>();
        for (Integer id = steal(d); id != null; id = taken.size() < 2 ? steal(d) : null) {
            taken.add(id);
        }
        assertEquals(1, taken.get(0));
        Cancel c = new Cancel(1, id -> id < 5); // 5 and 6: a job the owner runs on top of them spawned those
        d.cancelAfter(0, c);
        assertEquals(taken.subList(1, taken.size()), c.stolen, "the later jobs thieves took are told to stop");
        List<Integer> stolenAfter = stealAll(d);
        for (int id : c.dropped) {
            assertTrue(id > taken.size() && id < 5, "only later jobs thieves could take are dropped: " + c.dropped);
        }
        for (int id : stolenAfter) {
            assertTrue(id >= 5, "nothing cancelled is left to thieves: " + stolenAfter);
        }
        int left = 6 - taken.size() - c.dropped.size() - stolenAfter.size();
        for (int i = 0; i < left; i++) {
            assertTrue(pop(d) > 0, "the owner's private jobs stay until it gives them up");
        }
        assertEquals(-1, pop(d));
    }

    @Test
    void cancellingAfterAJobTheOwnerForgotDoesNothing() {
        WorkDeque<Cell> d = newDeque();
        push(d, 1);
        push(d, 2);
        assertEquals(1, steal(d));
        Cancel c = new Cancel(5, id -> true);
        d.cancelAfter(0, c);
        assertTrue(c.stolen.isEmpty() && c.dropped.isEmpty());
        assertEquals(2, pop(d));
    }

    @Test
    void givingUpDropsEveryJobLeftAndEveryLaterPushUntilTheOwnerForgetsItsStolenJobs() {
        WorkDeque<Cell> d = newDeque();
        for (int i = 1; i <= 4; i++) {
            push(d, i);
        }
        assertEquals(1, steal(d));
        Cancel c = new Cancel(1, id -> true);
        d.giveUpFrom(1, c);
        assertEquals(List.of(2, 3, 4), c.dropped, "oldest first");
        assertEquals(-1, pop(d), "given up jobs count as stolen");
        push(d, 5);
        assertEquals(List.of(2, 3, 4, 5), c.dropped, "a push where jobs are given up is given up at once");
        assertEquals(5, d.head());
        assertEquals(-1, pop(d));
        assertNull(steal(d));
        for (int i = 0; i < 5; i++) {
            assertEquals(i == 0 ? 7 : 9, d.slot(i).takenBy);
        }
        d.resetTo(0);
        push(d, 6);
        assertEquals(6, pop(d), "after the owner forgot them, its pushes are its own again");
    }

    @Test
    void theOwnerGivesItsJobsUpWhenItIsAskedBeforeAPushOrPop() {
        boolean[] giving = {false};
        Cancel c = new Cancel(1, id -> true);
        List<WorkDeque<Cell>> deque = new ArrayList<>();
        WorkDeque<Cell> d = newDeque(() -> {
            if (giving[0]) {
                deque.get(0).giveUpFrom(1, c);
            }
        });
        deque.add(d);
        for (int i = 1; i <= 4; i++) {
            push(d, i);
        }
        List<Integer> taken = stealAll(d);
        giving[0] = true;
        if (taken.size() < 4) {
            assertEquals(-1, pop(d), "a deque short of jobs to offer asks before it pops");
            assertEquals(4 - taken.size(), c.dropped.size());
        }
        push(d, 5);
        assertEquals(-1, pop(d), "and before it pushes");
        assertTrue(c.dropped.contains(5), c.dropped.toString());
        assertEquals(5, d.head());
    }
}
