package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Dual: requests go counter-clockwise as notes, tokens one place clockwise. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DualBalancingTest {

    private static DualBalancing attached(FakePort port) {
        DualBalancing dual = new DualBalancing(2, 2, 1_000_000);
        dual.attach(port);
        return dual;
    }

    @Test
    void anIdleNodeSendsARequestCounterClockwiseOnceAnInterval() {
        FakePort port = FakePort.grid(3, 2, 4);
        DualBalancing dual = attached(port);
        dual.idle();
        dual.idle();
        port.now += 1_000_000;
        dual.idle();
        assertEquals(List.of(new FakePort.Note(4, DualBalancing.REQUEST, 1), new FakePort.Note(4, DualBalancing.REQUEST, 1)),
                port.notes);
        assertEquals(0, port.count("steal"));
    }

    @Test
    void aNodeWithNothingToSparePassesTheRequestOnUntilItHasBeenRoundTheRing() {
        FakePort port = FakePort.grid(3, 2, 4);
        DualBalancing dual = attached(port);
        port.queueLength = 2;
        dual.noted(2, DualBalancing.REQUEST, 3);
        dual.noted(2, DualBalancing.REQUEST, 7);
        assertEquals(List.of(new FakePort.Note(4, DualBalancing.REQUEST, 4)), port.notes, "the 7th place is the last");
    }

    @Test
    void aRichNodePushesATokenClockwise() {
        FakePort port = FakePort.grid(3, 2, 4);
        DualBalancing dual = attached(port);
        port.queueLength = 10;
        for (int i = 0; i < 3; i++) {
            dual.noted(2, DualBalancing.REQUEST, 1);
        }
        assertEquals(List.of(2, 2), port.sentTo("push"), "two in transit at most");
        assertEquals(List.of(new FakePort.Note(4, DualBalancing.REQUEST, 2)), port.notes, "the third goes on");
    }
}
