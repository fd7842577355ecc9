package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Snd: a rich node sends tokens clockwise; the first poor node a token reaches takes the job from
 * the sender; a rich one sends the token on; it leaves the ring at its sender. Node 8 of 1..8: its
 * clockwise neighbour is 7, the next lower id.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SndOfferingTest {

    private final FakePort port = FakePort.grid(8, 2, 4);
    private final SndOffering snd = new SndOffering(2, 2, 1_000_000);

    SndOfferingTest() {
        snd.attach(port);
    }

    @Test
    void aRichNodeSendsTokensClockwiseWithinItsLimitAndAPoorOneNeverAsks() {
        port.queueLength = 2;
        snd.tick();
        assertEquals(List.of(), port.notes, "at the threshold: nothing");
        port.queueLength = 10;
        snd.tick();
        snd.tick();
        FakePort.Note token = new FakePort.Note(7, SndOffering.TOKEN, Ring.walkNote(8, 1));
        assertEquals(List.of(token, token), port.notes, "two at most in the ring");
        snd.noted(5, SndOffering.TAKEN, 0);
        snd.tick();
        assertEquals(3, port.notes.size(), "one was taken: one more");
        port.queueLength = 0;
        for (int i = 0; i < 20; i++) {
            snd.idle();
        }
        assertEquals(3, port.sent.size(), "nothing but the tokens");
        assertEquals(0, port.count("push"));
    }

    @Test
    void aTokenBackAtItsSenderLeavesTheRing() {
        port.queueLength = 10;
        snd.tick();
        snd.tick();
        assertEquals(2, snd.inFlight());
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(8, 7));
        assertEquals(1, snd.inFlight());
        assertEquals(2, port.notes.size(), "not sent on");
    }

    @Test
    void aPoorNodeTakesTheJobFromTheSenderAndSaysSo() {
        snd.idle();
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(3, 5));
        assertEquals(List.of(3), port.sentTo("steal"));
        assertEquals(List.of(new FakePort.Note(3, SndOffering.TAKEN, 0)), port.notes);
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(2, 6));
        assertEquals(List.of(3), port.sentTo("steal"), "one taken at a time");
        assertEquals(new FakePort.Note(7, SndOffering.TOKEN, Ring.walkNote(2, 7)), port.notes.get(1), "the next goes on");
    }

    @Test
    void aBusyNodeSendsTheTokenOnUntilItHasBeenRoundTheRing() {
        snd.idle();
        port.queueLength = 1;
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(3, 4));
        assertEquals(List.of(new FakePort.Note(7, SndOffering.TOKEN, Ring.walkNote(3, 5))), port.notes);
        snd.stealReplied(3, true); // a job came: busy until idle again
        port.queueLength = 0;
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(3, 4));
        assertEquals(0, port.count("steal"), "busy, though nothing is queued");
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(3, 8));
        assertEquals(2, port.notes.size(), "a token that has gone round the ring stops");
    }

    @Test
    void aTokenFromNoMemberIsDropped() {
        snd.idle();
        snd.noted(1, SndOffering.TOKEN, Ring.walkNote(42, 2));
        assertEquals(List.of(), port.sent);
    }

    @Test
    void aQueueThatStandsStillOffersToo() {
        port.queueLength = 1;
        for (int i = 0; i < StillQueue.TICKS; i++) {
            snd.tick();
        }
        assertEquals(List.of(), port.notes);
        snd.tick();
        assertEquals(List.of(new FakePort.Note(7, SndOffering.TOKEN, Ring.walkNote(8, 1))), port.notes);
    }

    @Test
    void tokensOnAMemberThatLeftAreForgotten() {
        port.queueLength = 10;
        snd.tick();
        assertEquals(2, snd.inFlight());
        port.clusters.remove(5);
        snd.membersChanged();
        assertEquals(0, snd.inFlight());
    }
}
