package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A link's write requests past their budget stop it being read for as long as the budget needs; nothing is dropped. */
class WriteBudgetTest {

    private long now;
    private final WriteBudget budget = new WriteBudget(100, () -> now);
    private final EmbeddedChannel ch = new EmbeddedChannel(budget);

    private static Message.SharedWrite request(int k) {
        return new Message.SharedWrite(7, 0, new byte[] {(byte) k});
    }

    @Test
    void requestsWithinTheBudgetLeaveTheLinkRead() {
        for (int k = 0; k < 100; k++) {
            ch.writeInbound(request(k));
        }
        assertTrue(ch.config().isAutoRead(), "a second's worth in hand");
        now += TimeUnit.MILLISECONDS.toNanos(500);
        for (int k = 0; k < 50; k++) {
            ch.writeInbound(request(k));
        }
        assertTrue(ch.config().isAutoRead(), "half a second earns fifty more");
        assertEquals(0, budget.pauses());
    }

    @Test
    void aRequestPastTheBudgetStopsReadingUntilTheBudgetAllowsTheNextAndNothingIsDropped() {
        ch.freezeTime();
        for (int k = 0; k < 110; k++) {
            ch.writeInbound(request(k));
        }
        assertFalse(ch.config().isAutoRead(), "ten over a budget of a hundred a second");
        assertEquals(1, budget.pauses(), "one pause while it lasts");
        for (int k = 0; k < 110; k++) {
            Message.SharedWrite w = ch.readInbound();
            assertEquals(k, w.call()[0], "every request passed on, in order");
        }
        advance(99);
        assertFalse(ch.config().isAutoRead(), "ten requests over: 100 ms at a hundred a second");
        advance(2);
        assertTrue(ch.config().isAutoRead(), "read again once the budget allows the next");
    }

    /** Moves the budget's clock and the channel's together. */
    private void advance(long millis) {
        now += TimeUnit.MILLISECONDS.toNanos(millis);
        ch.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
    }

    @Test
    void orderedWritesAndOtherMessagesDoNotCount() {
        for (int k = 0; k < 1_000; k++) {
            ch.writeInbound(new Message.SharedWrite(7, k + 1, new byte[] {1}));
        }
        assertTrue(ch.config().isAutoRead(), "writes the master ordered are not requests");
        assertEquals(0, budget.pauses());
    }
}
