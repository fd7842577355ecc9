package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Dual: requests go counter-clockwise as notes naming who asked; a rich node sends a token back
 * clockwise as many places; the node that asked takes the job from the rich one. Node 3 of 1..8:
 * counter-clockwise is 4, clockwise 2.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DualBalancingTest {

    private final FakePort port = FakePort.grid(3, 2, 4);
    private final DualBalancing dual = new DualBalancing(2, 1_000_000);

    DualBalancingTest() {
        dual.attach(port);
    }

    private static FakePort.Note request(int to, int asker, int places) {
        return new FakePort.Note(to, DualBalancing.REQUEST, Ring.walkNote(asker, places));
    }

    private static FakePort.Note token(int to, int rich, int places) {
        return new FakePort.Note(to, DualBalancing.TOKEN, Ring.walkNote(rich, places));
    }

    @Test
    void anIdleNodeHasOneRequestOutAndWaitsAnIntervalAfterOneCameBackUnanswered() {
        dual.idle();
        dual.idle();
        assertEquals(List.of(request(4, 3, 1)), port.notes, "one at a time");
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(3, 8));
        dual.idle();
        assertEquals(1, port.notes.size(), "round the ring: quiet for an interval");
        port.now += 1_000_000;
        dual.idle();
        assertEquals(List.of(request(4, 3, 1), request(4, 3, 1)), port.notes);
        assertEquals(0, port.count("steal"));
    }

    @Test
    void eachRequestBackUnansweredDoublesTheWaitUntilATokenComes() {
        for (int expectedQuiet : new int[] {1, 2, 4}) {
            dual.idle();
            int sent = port.notes.size();
            dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(3, 8));
            port.now += expectedQuiet * 1_000_000L - 1;
            dual.idle();
            assertEquals(sent, port.notes.size(), "quiet for " + expectedQuiet + " intervals");
            port.now += 1;
        }
        dual.idle();
        dual.noted(4, DualBalancing.TOKEN, Ring.walkNote(7, 1));
        dual.stealReplied(7, false);
        dual.idle();
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(3, 8));
        port.now += 1_000_000;
        int sent = port.notes.size();
        dual.idle();
        assertEquals(sent + 1, port.notes.size(), "after a token, one interval again");
    }

    @Test
    void aNodeWhoseWorkerWentIdleOverQueuedJobsAnswersThoughNotRich() {
        port.queueLength = 1;
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(6, 2));
        assertEquals(List.of(request(4, 6, 3)), port.notes, "running, with one queued: passes it on");
        dual.idle();
        port.notes.clear();
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(6, 2));
        assertEquals(List.of(token(2, 3, 2)), port.notes, "idle over a queued job: answers");
    }

    @Test
    void aRequestLostOnTheWayIsGivenUp() {
        dual.idle();
        port.now += DualBalancing.GIVE_UP * 1_000_000L;
        dual.idle();
        assertEquals(1, port.notes.size());
        port.now += 1;
        dual.idle();
        assertEquals(2, port.notes.size());
    }

    @Test
    void aNodeWithNothingToSparePassesTheRequestOnUntilItHasBeenRoundTheRing() {
        port.queueLength = 2;
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(1, 3));
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(1, 8));
        assertEquals(List.of(request(4, 1, 4)), port.notes, "the 8th place is past the ring");
    }

    @Test
    void aRichNodeSendsATokenBackAsManyPlacesAsTheRequestCame() {
        port.queueLength = 10;
        dual.noted(2, DualBalancing.REQUEST, Ring.walkNote(6, 5));
        assertEquals(List.of(token(2, 3, 5)), port.notes);
        assertEquals(0, port.count("push"));
    }

    @Test
    void aTokenGoesOnClockwiseAndTheNodeThatAskedTakesTheJob() {
        dual.noted(4, DualBalancing.TOKEN, Ring.walkNote(7, 3));
        assertEquals(List.of(token(2, 7, 2)), port.notes, "on its way");
        dual.idle();
        dual.noted(4, DualBalancing.TOKEN, Ring.walkNote(7, 1));
        assertEquals(List.of(7), port.sentTo("steal"), "here: taken from the rich node");
        dual.idle();
        assertEquals(2, port.notes.size(), "no request while taking");
        dual.stealReplied(7, false);
        dual.idle();
        assertEquals(request(4, 3, 1), port.notes.get(2), "nothing came: asks again");
    }

    @Test
    void aTokenForANodeThatNoLongerAsksIsDropped() {
        dual.noted(4, DualBalancing.TOKEN, Ring.walkNote(7, 1));
        assertEquals(List.of(), port.sent);
    }

    @Test
    void notesNamingNoMemberAreDropped() {
        port.queueLength = 10;
        dual.noted(4, DualBalancing.REQUEST, Ring.walkNote(42, 1));
        dual.noted(4, DualBalancing.TOKEN, Ring.walkNote(42, 2));
        dual.noted(4, DualBalancing.REQUEST, Ring.walkNote(6, -1));
        assertEquals(List.of(), port.sent);
    }
}
