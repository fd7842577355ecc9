package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The emulated wide-area link on one connection, on the channel's own clock (frozen, and moved
 * by hand): a message never arrives before latency + size / bandwidth, a burst is serialized by
 * the bandwidth, nothing overtakes, and links within a cluster are untouched.
 */
class WanEmulatorTest {

    /**
     * 10 ms one way, 100,000 bytes a second: a 996-byte message (1000 with its length) takes 10 ms
     * to send. A new one for each test: a link remembers when it is free.
     */
    private static WanLinks slow() {
        return WanLinks.parse("10ms/100KB/s");
    }

    private static long now(EmbeddedChannel ch) {
        return ((io.netty.util.concurrent.AbstractScheduledEventExecutor) ch.eventLoop()).ticker().nanoTime();
    }

    private static EmbeddedChannel channel(WanLinks links, String self, String peer) {
        EmbeddedChannel ch = new EmbeddedChannel(new WanEmulator(links, self));
        ch.freezeTime();
        if (peer != null) {
            ch.attr(WanEmulator.PEER_CLUSTER).set(peer);
        }
        return ch;
    }

    private static ByteBuf message(int bytesWithLength, int tag) {
        ByteBuf b = Unpooled.buffer(bytesWithLength - FrameFormat.LENGTH_BYTES);
        b.writeInt(tag);
        b.writerIndex(bytesWithLength - FrameFormat.LENGTH_BYTES);
        return b;
    }

    /** Moves the channel's clock and returns the tags of what reached the wire meanwhile. */
    private static List<Integer> advance(EmbeddedChannel ch, long millis) {
        ch.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        List<Integer> out = new ArrayList<>();
        for (ByteBuf b; (b = ch.readOutbound()) != null;) {
            out.add(b.getInt(0));
            b.release();
        }
        return out;
    }

    @Test
    void aMessageArrivesNoEarlierThanLatencyPlusItsTransmissionTime() {
        EmbeddedChannel ch = channel(slow(), "A", "B");
        ch.writeOutbound(message(1000, 7));
        assertEquals(List.of(), advance(ch, 0));
        assertEquals(List.of(), advance(ch, 19), "at 19 ms: 10 ms of latency and 10 of sending are not over");
        assertEquals(List.of(7), advance(ch, 1), "at 20 ms it is there");
    }

    @Test
    void aBurstIsSerializedByTheBandwidth() {
        EmbeddedChannel ch = channel(slow(), "A", "B");
        for (int i = 0; i < 5; i++) {
            ch.writeOutbound(message(1000, i));
        }
        // message i finishes sending at (i + 1) * 10 ms and arrives 10 ms later
        assertEquals(List.of(), advance(ch, 19));
        for (int i = 0; i < 5; i++) {
            assertEquals(List.of(i), advance(ch, i == 0 ? 1 : 10), "message " + i);
        }
        assertEquals(List.of(), advance(ch, 100));
    }

    @Test
    void theLinkIsSharedByEveryConnectionFromOneClusterToAnother() {
        WanLinks links = slow();
        EmbeddedChannel first = channel(links, "A", "B");
        long t0 = now(first);
        first.writeOutbound(message(1000, 1));
        first.writeOutbound(message(1000, 2));
        // another connection from A to B hands a message to the link at the same moment: it is sent
        // after both, from 20 to 30 ms, and arrives at 40
        assertEquals(t0 + 40_000_000L, links.link("A", "B").arrival(t0, 1000));
        assertEquals(List.of(1), advance(first, 20));
        assertEquals(List.of(2), advance(first, 10), "the second waited for the first to be sent");
        assertNull(links.link("A", "A"));
    }

    @Test
    void aLinkInsideTheClusterAndAnUnclassifiedConnectionAreUntouched() {
        EmbeddedChannel same = channel(slow(), "A", "A");
        same.writeOutbound(message(1000, 3));
        assertEquals(List.of(3), advance(same, 0));
        EmbeddedChannel handshaking = channel(slow(), "A", null);
        handshaking.writeOutbound(message(1000, 4));
        assertEquals(List.of(4), advance(handshaking, 0));
    }

    @Test
    void eachDirectionHasItsOwnLink() {
        WanLinks links = WanLinks.parse("A>B=10ms/100KB/s, B>A=100ms/1MB/s");
        assertEquals(10_000_000L, links.spec("A", "B").latencyNanos());
        assertEquals(1_000_000L, links.spec("B", "A").bytesPerSecond());
        assertNull(links.spec("A", "C"), "no default: A to C is not emulated");
        EmbeddedChannel back = channel(links, "B", "A");
        back.writeOutbound(message(1000, 5));
        assertEquals(List.of(), advance(back, 100));
        assertEquals(List.of(5), advance(back, 1), "100 ms and 1 ms of sending");
    }

    @Test
    void jitterVariesTheLatencyButNothingOvertakes() {
        WanLinks links = WanLinks.parse("10ms/1MB/s/5ms");
        WanLinks.Link link = links.link("A", "B");
        long last = 0;
        long earliest = Long.MAX_VALUE;
        long latest = 0;
        for (int i = 0; i < 2_000; i++) {
            long sent = i * 1_000_000L;
            long arrival = link.arrival(sent, 1000);
            assertTrue(arrival >= last, "message " + i + " overtook the one before");
            assertTrue(arrival >= sent + 1_000_000L, "never before its transmission time");
            earliest = Math.min(earliest, arrival - sent);
            latest = Math.max(latest, arrival - sent);
            last = arrival;
        }
        assertTrue(earliest < 7_000_000L && latest > 15_000_000L, "the latency varied: " + earliest + " to " + latest);
    }

    /**
     * A connection closed while frames are still on the emulated link: each frame is released
     * (nothing leaks when the event loop drops the scheduled writes) and its write fails.
     */
    @Test
    void framesStillOnTheLinkWhenTheConnectionClosesAreReleased() {
        EmbeddedChannel ch = channel(slow(), "A", "B");
        ByteBuf first = message(1000, 1);
        ByteBuf second = message(1000, 2);
        io.netty.channel.ChannelFuture one = ch.write(first);
        io.netty.channel.ChannelFuture two = ch.writeAndFlush(second);
        assertEquals(List.of(), advance(ch, 5), "still on the link");
        ch.close();
        ch.runPendingTasks();
        assertEquals(0, first.refCnt(), "the first frame released");
        assertEquals(0, second.refCnt(), "the second frame released");
        assertInstanceOf(java.nio.channels.ClosedChannelException.class, one.cause());
        assertInstanceOf(java.nio.channels.ClosedChannelException.class, two.cause());
        assertEquals(List.of(), advance(ch, 100), "nothing is written after the close");
    }

    /** A frame that arrived is written once and not released again at the close. */
    @Test
    void framesThatArrivedAreNotReleasedTwice() {
        EmbeddedChannel ch = channel(slow(), "A", "B");
        ByteBuf frame = message(1000, 7);
        ch.writeAndFlush(frame);
        ch.advanceTimeBy(25, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        ByteBuf out = ch.readOutbound();
        assertEquals(7, out.getInt(0));
        ch.close();
        assertEquals(1, out.refCnt(), "the reader's to release, not the emulator's");
        out.release();
    }

    @Test
    void linksAreWrittenAsLatencyBandwidthAndJitter() {
        WanLinks.Spec s = WanLinks.spec("100ms/1000KB/s/2ms");
        assertEquals(100_000_000L, s.latencyNanos());
        assertEquals(1_000_000L, s.bytesPerSecond());
        assertEquals(2_000_000L, s.jitterNanos());
        assertEquals("100ms/1MB/s/2ms", s.toString());
        assertEquals(250_000L, WanLinks.spec("250us/1GB/s").latencyNanos());
        assertNotNull(WanLinks.parse("A>B=1ms/1KB/s, *=10ms/100KB/s").spec("C", "D"));
        assertEquals("none", WanLinks.parse("none").toString());
        for (String bad : new String[] {"10/100KB/s", "10ms", "10ms/100Kb/s", "A>A=1ms/1KB/s", "A=1ms/1KB/s",
                "1ms/1KB/s, A>B=1ms/1KB/s", "10ms/0KB/s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WanLinks.parse(bad), bad);
            assertTrue(e.getMessage().contains("WAN link"), e.getMessage());
        }
    }

    /**
     * A latency or jitter too long to add to a clock reading used to saturate at 2^63 ns, and the
     * arrival time then wrapped around below the present: the link delivered at once what it was
     * told to hold for ages. Past an hour is refused, naming the part.
     */
    @Test
    void aLatencyOrJitterPastAnHourIsRefusedRatherThanWrappedAround() {
        for (String bad : new String[] {"99999999999999s/1KB/s", "3601s/1KB/s", "1ms/1KB/s/99999999999s",
                "A>B=1ms/1KB/s, *=3600000001us/1MB/s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WanLinks.parse(bad), bad);
            assertTrue(e.getMessage().contains("at most 1 h") && e.getMessage().contains("WAN link '"), e.getMessage());
        }
        assertEquals(3_600_000_000_000L, WanLinks.spec("3600s/1KB/s").latencyNanos());
        WanLinks.Link slowest = WanLinks.parse("3600s/1B/s/3600s").link("A", "B");
        long now = System.nanoTime();
        assertTrue(slowest.arrival(now, 1 << 24) > now, "an arrival is never before its sending");
    }
}
