package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Spn and Shis as Kakulavarapu et al. have them: ask the counter-clockwise neighbour, pass requests on round the ring; Shis remembers who had work. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RingStealingTest {

    private static <B extends LoadBalancer> B attached(B b, FakePort port) {
        b.attach(port);
        return b;
    }

    private static List<Integer> walk(LoadBalancer b, int thief) {
        List<Integer> passed = new ArrayList<>();
        for (int tried = 0, next; (next = b.passOn(thief, tried)) >= 0; tried++) {
            passed.add(next);
        }
        return passed;
    }

    @Test
    void spnAsksItsCounterClockwiseNeighbourOnceAtATime() {
        FakePort port = FakePort.grid(1, 2, 4);
        SpnStealing spn = attached(new SpnStealing(), port);
        spn.idle();
        spn.idle();
        assertEquals(List.of(2), port.sentTo("steal"), "counter-clockwise: the next higher id");
        spn.stealReplied(2, false);
        spn.idle();
        assertEquals(List.of(2, 2), port.sentTo("steal"));
    }

    @Test
    void aRequestGoesOnCounterClockwiseUntilItComesRoundToItsThief() {
        SpnStealing spn = attached(new SpnStealing(), FakePort.grid(4, 2, 4));
        assertEquals(List.of(5, 6, 7, 8, 1, 2), walk(spn, 3), "node 4, asked by 3, walks round to 2");
    }

    @Test
    void shisAsksTheMemberThatLastHadWorkFirstAndForgetsItWhenItHasNone() {
        FakePort port = FakePort.grid(1, 2, 4);
        ShisStealing shis = attached(new ShisStealing(), port);
        shis.idle();
        shis.noted(2, ShisStealing.PASSED_TO, 4); // 2 had nothing and passed the request to 3, then 4
        shis.stealReplied(2, true);
        assertEquals(4, shis.remembered(), "the job came from 4");
        shis.idle();
        shis.stealReplied(4, false);
        shis.idle();
        assertEquals(List.of(2, 4, 2), port.sentTo("steal"));
    }

    @Test
    void shisTellsTheThiefWhomItPassedItsRequestTo() {
        FakePort port = FakePort.grid(4, 2, 4);
        ShisStealing shis = attached(new ShisStealing(), port);
        assertEquals(5, shis.passOn(3, 0));
        assertEquals(List.of(new FakePort.Note(3, ShisStealing.PASSED_TO, 5)), port.notes);
    }
}
