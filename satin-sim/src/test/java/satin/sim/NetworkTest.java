package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import satin.net.WanLinks;

class NetworkTest {

    private static final Topology THREE = new Topology(List.of(new Topology.Cluster("A", 2, 1),
            new Topology.Cluster("B", 2, 1), new Topology.Cluster("C", 1, 1)));

    private static Network network(String wan, Interconnect lan) {
        return new Network(THREE, WanLinks.parse(wan), lan, new SplittableRandom(1));
    }

    @Test
    void insideAClusterAMessageTakesItsSendersLinkAndBetweenClustersThePairs() {
        Network n = network("A>B=10ms/1MB/s,*=1ms/1MB/s", new Interconnect("lan", 5_000, 1_000_000_000, 0, 0));
        assertEquals(5_000 + 100, n.arrival(0, 1, 100, 0)); // 100 bytes at 1 GB/s: 100 ns
        assertEquals(10_000_000 + 100_000, n.arrival(0, 2, 100, 0)); // node 2 is B's first
        assertEquals(1_000_000 + 100_000, n.arrival(2, 0, 100, 0)); // B to A: the default
        // the A>B link is busy until 100 us: node 1's message, also A to B, waits for it
        assertEquals(10_000_000 + 200_000, n.arrival(1, 3, 100, 0));
        assertEquals(10_000_000, n.latencyNanos(1, 3));
        assertEquals(0, n.latencyNanos(0, 1));
        assertTrue(n.wideArea(0, 4) && !n.wideArea(2, 3));
    }

    @Test
    void clustersWithoutEmulatedLinksTalkAsOneClusterButCountAsWideArea() {
        Network n = network("none", Interconnect.MYRINET);
        long expected = Interconnect.MYRINET.latencyNanos() + (long) (50 * 1e9 / Interconnect.MYRINET.bytesPerSecond());
        assertEquals(expected, n.arrival(0, 4, 50, 0));
        assertTrue(n.wideArea(0, 4));
        assertEquals(0, n.latencyNanos(0, 4));
        assertFalse(n.wideArea(0, 1));
    }

    @Test
    void theEmulatedInterconnectAddsTheEmulatorsTimerToWideAreaMessagesOnly() {
        Network n = network("10ms/1GB/s", Interconnect.EMULATED);
        assertEquals(10_000_000 + 100 + Interconnect.EMULATED.wanExtraNanos(), n.arrival(0, 2, 100, 0));
        assertEquals(Interconnect.EMULATED.latencyNanos() + 100, n.arrival(0, 1, 100, 0));
    }
}
