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

    @Test
    void keepsExactlyOneJobOfferedAndSaysWhenItOffersOne() {
        AtomicInteger published = new AtomicInteger();
        SplitDeque<Cell> d = new SplitDeque<>(Cell::new, published::incrementAndGet);
        for (int i = 1; i <= 3; i++) {
            push(d, i);
        }
        assertEquals(1, d.publicSize(), "only the oldest job is offered");
        assertEquals(1, published.get());
        assertEquals(1, steal(d));
        assertNull(steal(d), "the newer jobs stay private until the owner moves");
        assertEquals(3, pop(d));
        assertEquals(1, d.publicSize(), "a pop offers the next oldest");
        assertEquals(2, published.get());
        assertEquals(2, steal(d));
    }
}
