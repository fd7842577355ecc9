package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import satin.net.WanLinks;

class LinkTest {

    @Test
    void aMessageOccupiesTheLinkForItsSizeOverTheBandwidthThenTakesTheLatency() {
        Link l = new Link(10_000_000, 100_000, 0, new SplittableRandom(1)); // 10 ms, 100 KB/s
        assertEquals(10_000_000 + 1_000_000, l.arrival(0, 100)); // 100 bytes: 1 ms on the link
        // handed over at once: waits for the first to leave the link, 1 ms, then 1 ms of its own
        assertEquals(12_000_000, l.arrival(0, 100));
        // handed over after the link went free: only its own time
        assertEquals(50_000_000 + 10_000_000 + 10_000_000, l.arrival(50_000_000, 1_000));
    }

    @Test
    void arrivalsAreThoseOfTheWanEmulatorsLink() {
        WanLinks.Link real = WanLinks.parse("7ms/250KB/s").link("A", "B");
        Link sim = new Link(7_000_000, 250_000, 0, new SplittableRandom(1));
        SplittableRandom r = new SplittableRandom(5);
        long now = 0;
        for (int i = 0; i < 1_000; i++) {
            now += r.nextInt(2_000_000);
            int bytes = 14 + r.nextInt(500);
            assertEquals(real.arrival(now, bytes), sim.arrival(now, bytes), "message " + i);
        }
    }

    @Test
    void jitterVariesTheLatencyAroundItsMeanButNeverReordersTheLink() {
        Link l = new Link(1_000_000, 1_000_000_000, 300_000, new SplittableRandom(9));
        long previous = 0;
        long sum = 0;
        boolean varied = false;
        for (int i = 0; i < 10_000; i++) {
            long now = i * 10_000_000L; // far apart: order rarely holds a message back
            long at = l.arrival(now, 100);
            assertTrue(at >= previous, "message " + i + " overtook the one before");
            assertTrue(at >= now, "message " + i + " arrived before it was sent");
            varied |= at - now != 1_000_100;
            sum += at - now;
            previous = at;
        }
        assertTrue(varied);
        for (int i = 0; i < 1_000; i++) { // a burst: the jitter would reorder it, the link does not
            long at = l.arrival(200_000_000_000L, 100);
            assertTrue(at >= previous, "message " + i + " of the burst overtook the one before");
            previous = at;
        }
        assertTrue(Math.abs(sum / 10_000.0 - 1_000_100) < 30_000, "mean delay " + sum / 10_000.0);
    }

    @Test
    void presetsAndCustomInterconnectsAreRead() {
        assertEquals(Interconnect.MYRINET, Interconnect.parse("Myrinet"));
        Interconnect custom = Interconnect.parse("5us/2GB/s/1us");
        assertEquals(5_000, custom.latencyNanos());
        assertEquals(2_000_000_000L, custom.bytesPerSecond());
        assertEquals(1_000, custom.jitterNanos());
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Interconnect.parse("ethernet"));
        assertTrue(e.getMessage().contains("'ethernet'") && e.getMessage().contains("myrinet"), e.getMessage());
    }
}
