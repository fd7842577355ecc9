package satin.deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SplitDequeTest extends WorkDequeContract {

    @Override
    WorkDeque<Cell> newDeque() {
        return new SplitDeque<>(Cell::new);
    }

    @Override
    WorkDeque<Cell> newDeque(Runnable onPublish) {
        return new SplitDeque<>(Cell::new, onPublish);
    }

    @Test
    void keepsTheOldestJobsOfferedAndSaysWhenItOffersOne() {
        AtomicInteger published = new AtomicInteger();
        SplitDeque<Cell> d = new SplitDeque<>(Cell::new, published::incrementAndGet);
        int offered = SplitDeque.PUBLIC_TARGET;
        for (int i = 1; i <= offered + 2; i++) {
            push(d, i);
        }
        assertEquals(offered, d.publicSize(), "only the oldest jobs are offered");
        assertEquals(offered, published.get());
        for (int i = 1; i <= offered; i++) {
            assertEquals(i, steal(d), "thieves take the oldest first");
        }
        assertNull(steal(d), "the newer jobs stay private until the owner moves");
        assertEquals(offered + 2, pop(d));
        assertEquals(1, d.publicSize(), "a pop offers the next oldest");
        assertEquals(offered + 1, published.get());
        assertEquals(offered + 1, steal(d));
    }

    @Test
    void aPopTheOwnerRefusesWhenItWouldOfferTheNextJobLeavesThatJobThere() {
        boolean[] refusing = {false};
        SplitDeque<Cell> d = new SplitDeque<>(Cell::new, () -> {
            if (refusing[0]) {
                throw new Refused();
            }
        });
        for (int i = 1; i <= SplitDeque.PUBLIC_TARGET + 2; i++) {
            push(d, i);
        }
        while (steal(d) != null) {
            // the public part is empty: the next pop would offer the oldest private job
        }
        int head = d.head();
        refusing[0] = true;
        org.junit.jupiter.api.Assertions.assertThrows(Refused.class, () -> d.pop());
        assertEquals(head, d.head(), "not popped");
        assertEquals(0, d.publicSize(), "and nothing offered");
        refusing[0] = false;
        assertEquals(SplitDeque.PUBLIC_TARGET + 2, pop(d));
    }
}
