package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Snd: a rich node pushes to its clockwise neighbour; a poor one never asks. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SndPushingTest {

    @Test
    void aRichNodePushesClockwiseWithinItsLimitAndAPoorOneNeverAsks() {
        FakePort port = FakePort.grid(8, 2, 4);
        SndPushing snd = new SndPushing(2, 2, 1_000_000);
        snd.attach(port);
        port.queueLength = 2;
        snd.tick();
        assertEquals(List.of(), port.sentTo("push"), "at the threshold: nothing");
        port.queueLength = 10;
        snd.tick();
        snd.pushDelivered(7);
        snd.tick();
        assertEquals(List.of(7, 7, 7), port.sentTo("push"), "clockwise: the next lower id");
        assertEquals(2, snd.inFlight());
        port.queueLength = 0;
        for (int i = 0; i < 20; i++) {
            snd.idle();
        }
        assertEquals(3, port.sent.size(), "nothing but the pushes");
    }

    @Test
    void aQueueThatStandsStillIsPushedFrom() {
        FakePort port = FakePort.grid(1, 1, 4);
        SndPushing snd = new SndPushing(2, 2, 1_000_000);
        snd.attach(port);
        port.queueLength = 1;
        for (int i = 0; i < StillQueue.TICKS; i++) {
            snd.tick();
        }
        assertEquals(List.of(), port.sentTo("push"));
        snd.tick();
        assertEquals(List.of(4), port.sentTo("push"), "node 1's clockwise neighbour is the highest id");
    }
}
