package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** RP as van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.2 has it: push above the threshold, never more in flight than the limit, never steal. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RandomPushingTest {

    private static RandomPushing attached(FakePort port, int threshold, int inFlight) {
        RandomPushing rp = new RandomPushing(threshold, inFlight, 1_000_000, VictimSelector.uniform());
        rp.attach(port);
        return rp;
    }

    @Test
    void pushesOnlyWhatIsAboveTheThreshold() {
        FakePort port = FakePort.grid(1, 2, 4);
        RandomPushing rp = attached(port, 5, 100);
        port.queueLength = 5;
        rp.tick();
        assertEquals(0, port.count("push"), "at the threshold: nothing");
        port.queueLength = 9;
        rp.tick();
        assertEquals(4, port.count("push"), "down to the threshold");
        assertEquals(5, port.queueLength);
        assertTrue(port.sentTo("push").stream().noneMatch(t -> t == 1), "never to itself");
    }

    @Test
    void neverMoreInFlightThanTheLimit() {
        FakePort port = FakePort.grid(1, 2, 4);
        RandomPushing rp = attached(port, 0, 3);
        port.queueLength = 100;
        for (int i = 0; i < 50; i++) {
            rp.tick();
            assertTrue(rp.inFlight() <= 3);
            if (i % 5 == 4) {
                rp.pushDelivered(2);
            }
        }
        assertEquals(2, rp.inFlight(), "the tenth was delivered after the last tick");
        assertEquals(3 + 9, port.count("push"), "3 at once, and one more for each of the first 9 delivered");
        rp.tick();
        assertEquals(13, port.count("push"));
        rp.jobCameBack(true); // a result coming back says nothing of what is in transit
        rp.tick();
        assertEquals(13, port.count("push"));
    }

    @Test
    void anIdleNodeWaitsForPushedWork() {
        FakePort port = FakePort.grid(1, 2, 4);
        RandomPushing rp = attached(port, 0, 3);
        for (int i = 0; i < 100; i++) {
            rp.idle();
        }
        assertEquals(0, port.sent.size());
        assertEquals(1_000_000, rp.tickNanos());
    }

    @Test
    void aShortQueueThatStandsStillIsPushedFromAfterAWhile() {
        FakePort port = FakePort.grid(1, 2, 4);
        RandomPushing rp = attached(port, 5, 100);
        port.queueLength = 2;
        for (int i = 0; i < RandomPushing.STUCK_TICKS; i++) {
            rp.tick();
        }
        assertEquals(0, port.count("push"), "below the threshold, and not yet still for long");
        rp.tick();
        assertEquals(1, port.count("push"), "still for " + RandomPushing.STUCK_TICKS + " ticks: one job goes");
        for (int i = 0; i < RandomPushing.STUCK_TICKS; i++) {
            port.queueLength = 3 + i % 2; // a queue that moves is its owner's business
            rp.tick();
        }
        assertEquals(1, port.count("push"));
    }
}
