package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Range and Catapult: a passed-on request names its thief, and the rich node pushes into the range between, from the far or the near end. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RangeSendingTest {

    private static List<Integer> pushesAfterARequestFrom2(RangeSending b) {
        FakePort port = FakePort.grid(6, 2, 4);
        b.attach(port);
        b.noted(3, RangeSending.RANGE, 2); // 2 asked 3, 3 asked 4 and 5, which had nothing, then this node
        assertEquals(List.of(5, 4, 3), b.range(), "clockwise from this node's neighbour to the thief");
        port.queueLength = 2;
        b.tick();
        assertEquals(List.of(), port.sentTo("push"), "not rich: at the threshold");
        port.queueLength = 10;
        b.tick();
        b.pushDelivered(0);
        b.pushDelivered(0);
        b.tick();
        b.tick();
        return port.sentTo("push");
    }

    @Test
    void rangePushesToTheFarEndFirstAtMostItsLimitAtOnce() {
        assertEquals(List.of(3, 4, 5), pushesAfterARequestFrom2(new RangeBalancing(2, 2, 1_000_000)));
    }

    @Test
    void catapultPushesToTheNearEndFirst() {
        assertEquals(List.of(5, 4, 3), pushesAfterARequestFrom2(new CatapultBalancing(2, 2, 1_000_000)));
    }

    @Test
    void theMemberFirstAskedNamesTheThiefToWhomItPassesTheRequest() {
        FakePort port = FakePort.grid(5, 2, 4);
        RangeBalancing range = new RangeBalancing();
        range.attach(port);
        assertEquals(6, range.passOn(4, 0));
        assertEquals(7, range.passOn(4, 1));
        assertEquals(List.of(new FakePort.Note(6, RangeSending.RANGE, 4), new FakePort.Note(7, RangeSending.RANGE, 4)),
                port.notes);
    }
}
