package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** His: steal from the richest known, push to a member known poor, learn loads from the messages. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HistoryBalancingTest {

    @Test
    void aPoorNodeAsksTheRichestItHeardOfAndSaysItIsPoor() {
        FakePort port = FakePort.grid(1, 2, 4);
        HistoryBalancing his = new HistoryBalancing(2, 2, 1_000_000);
        his.attach(port);
        his.noted(3, HistoryBalancing.LOAD, 5);
        his.noted(6, HistoryBalancing.LOAD, 9);
        his.noted(7, HistoryBalancing.LOAD, 2);
        his.idle();
        assertEquals(List.of(6), port.sentTo("steal"));
        assertEquals(List.of(new FakePort.Note(6, HistoryBalancing.LOAD, 0)), port.notes);
        his.stealReplied(6, false);
        assertEquals(0, his.knownLoad(6), "an empty reply: it has none");
        his.idle();
        assertEquals(List.of(6, 3), port.sentTo("steal"));
    }

    @Test
    void aRichNodePushesOnlyToMembersItBelievesPoorAndTellsThemItsLoad() {
        FakePort port = FakePort.grid(1, 2, 4);
        HistoryBalancing his = new HistoryBalancing(2, 2, 1_000_000);
        his.attach(port);
        port.queueLength = 10;
        his.tick();
        assertEquals(List.of(), port.sentTo("push"), "it knows nobody poor");
        his.noted(4, HistoryBalancing.LOAD, 0);
        his.tick();
        his.tick();
        assertEquals(List.of(4), port.sentTo("push"), "once: it has work now");
        assertEquals(List.of(new FakePort.Note(4, HistoryBalancing.LOAD, 10)), port.notes);
    }
}
