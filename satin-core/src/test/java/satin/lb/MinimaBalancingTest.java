package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Minima: one job to each other member, once, then off; a node told of another's distribution never distributes. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class MinimaBalancingTest {

    @Test
    void theFirstNodeWithWorkGivesOneJobToEachMemberAndStops() {
        FakePort port = FakePort.grid(1, 2, 2);
        MinimaBalancing minima = new MinimaBalancing(1_000_000);
        minima.attach(port);
        port.queueLength = 2;
        minima.tick();
        assertEquals(List.of(2, 3), port.sentTo("push"), "two jobs for three members");
        port.queueLength = 50;
        minima.tick();
        assertEquals(List.of(2, 3, 4), port.sentTo("push"));
        assertTrue(minima.off());
        port.queueLength = 100;
        minima.tick();
        assertEquals(3, port.count("push"), "off");
        for (int i = 0; i < 20; i++) {
            minima.idle();
        }
        assertEquals(0, port.count("steal"));
    }

    @Test
    void aNodeToldOfADistributionNeverDistributes() {
        FakePort port = FakePort.grid(2, 2, 2);
        MinimaBalancing minima = new MinimaBalancing(1_000_000);
        minima.attach(port);
        minima.noted(1, MinimaBalancing.DISTRIBUTING, 0);
        port.queueLength = 100;
        minima.tick();
        assertEquals(0, port.count("push"));
    }
}
