package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a connection counts, on two admitted pipelines back to back: every frame is one message and
 * its size on the wire (length included), the same going out as coming in, however the socket
 * splits or joins the frames; heartbeats apart, so that the failure detector's chatter never shows
 * in a comparison of balancers by their messages.
 */
class TrafficTest {

    private final Traffic serverTraffic = new Traffic();
    private final Traffic clientTraffic = new Traffic();
    private final PipelineTest.Recorder server = new PipelineTest.Recorder();
    private final PipelineTest.Recorder client = new PipelineTest.Recorder();
    private final EmbeddedChannel serverEnd = end("server", true, server, serverTraffic);
    private final EmbeddedChannel clientEnd = end("client", false, client, clientTraffic);
    private Traffic.Snapshot serverBefore;
    private Traffic.Snapshot clientBefore;

    private static EmbeddedChannel end(String name, boolean accepting, Inbox inbox, Traffic traffic) {
        PoolIdentity self = new PoolIdentity("p", name, "c1", "local://" + name, "s3cret");
        return new EmbeddedChannel(new PipelineInitializer(self, accepting, 1 << 20, inbox, traffic, WanLinks.none()));
    }

    @BeforeEach
    void admitBothEnds() {
        PipelineTest.pump(serverEnd, clientEnd);
        assertEquals(List.of("opened client"), server.events);
        serverBefore = serverTraffic.snapshot();
        clientBefore = clientTraffic.snapshot();
    }

    @AfterEach
    void releaseWhatIsLeft() {
        serverEnd.finishAndReleaseAll();
        clientEnd.finishAndReleaseAll();
    }

    /** What the client's end writes for these messages, as one run of bytes. */
    private ByteBuf written(Message... messages) {
        for (Message m : messages) {
            client.connection.send(m);
        }
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b; (b = clientEnd.readOutbound()) != null;) {
            all.writeBytes(b);
            b.release();
        }
        return all;
    }

    /** Hands {@code bytes} to the server's end in reads of {@code size} bytes (the last one shorter). */
    private void readInPiecesOf(ByteBuf bytes, int size) {
        while (bytes.isReadable()) {
            serverEnd.writeInbound(bytes.readRetainedSlice(Math.min(size, bytes.readableBytes())));
        }
        bytes.release();
    }

    private Traffic.Counts receivedSince() {
        return minus(serverTraffic.snapshot().lan(), serverBefore.lan());
    }

    private Traffic.Counts sentSince() {
        return minus(clientTraffic.snapshot().lan(), clientBefore.lan());
    }

    private static Traffic.Counts minus(Traffic.Counts a, Traffic.Counts b) {
        return new Traffic.Counts(a.messagesIn() - b.messagesIn(), a.messagesOut() - b.messagesOut(),
                a.bytesIn() - b.bytesIn(), a.bytesOut() - b.bytesOut());
    }

    /** A frame's size on the wire: length, version and type, then the message's own bytes. */
    private static long frame(int messageBytes) {
        return FrameFormat.LENGTH_BYTES + FrameFormat.HEADER_BYTES + messageBytes;
    }

    @Test
    void threeFramesInOneReadAreThreeMessages() {
        ByteBuf bytes = written(new Message.StealRequest(1), new Message.Stop(), new Message.Push(7, new byte[100]));
        long size = frame(8) + frame(0) + frame(8 + 4 + 100);
        assertEquals(size, bytes.readableBytes(), "the test's own arithmetic");
        readInPiecesOf(bytes, Integer.MAX_VALUE);
        assertEquals(new Traffic.Counts(3, 0, size, 0), receivedSince());
        assertEquals(new Traffic.Counts(0, 3, 0, size), sentSince(), "counted the same way going out");
        assertEquals(4, server.events.size(), "the three messages arrived: " + server.events);
    }

    @Test
    void oneFrameInFourteenReadsIsOneMessage() {
        ByteBuf bytes = written(new Message.Push(7, new byte[52]));
        assertEquals(70, bytes.readableBytes());
        readInPiecesOf(bytes, 5);
        assertEquals(new Traffic.Counts(1, 0, 70, 0), receivedSince());
        assertEquals(new Traffic.Counts(0, 1, 0, 70), sentSince());
    }

    @Test
    void tinyFramesSplitAcrossReadsAreCountedEachOnce() {
        ByteBuf bytes = written(new Message.Stop(), new Message.Leave(), new Message.Stop(), new Message.StealRequest(2));
        long size = 3 * frame(0) + frame(8);
        readInPiecesOf(bytes, 3); // every read ends inside a frame, most begin inside one
        assertEquals(new Traffic.Counts(4, 0, size, 0), receivedSince());
        assertEquals(new Traffic.Counts(0, 4, 0, size), sentSince());
    }

    @Test
    void heartbeatsAreCountedApartFromMessages() {
        ByteBuf bytes = written(new Message.Heartbeat(), new Message.StealRequest(3), new Message.Heartbeat());
        readInPiecesOf(bytes, 7);
        assertEquals(new Traffic.Counts(1, 0, frame(8), 0), receivedSince());
        assertEquals(new Traffic.Counts(0, 1, 0, frame(8)), sentSince());
        assertEquals(2, serverTraffic.snapshot().heartbeatsIn() - serverBefore.heartbeatsIn());
        assertEquals(2, clientTraffic.snapshot().heartbeatsOut() - clientBefore.heartbeatsOut());
    }

    @Test
    void aClassifiedConnectionCountsAsWideArea() {
        server.connection.classify("c2", true);
        readInPiecesOf(written(new Message.StealRequest(4)), 4);
        Traffic.Snapshot now = serverTraffic.snapshot();
        assertEquals(serverBefore.lan(), now.lan(), "nothing more on the LAN");
        assertEquals(new Traffic.Counts(1, 0, frame(8), 0), minus(now.wan(), serverBefore.wan()));
        assertEquals(now.lan().plus(now.wan()), now.total());
    }

    @Test
    void messagesAreCountedOverTimeOnlyWhileTheTimelineIsOn() {
        long received = total(serverTraffic, Traffic.RECEIVED);
        long sent = total(clientTraffic, Traffic.SENT);
        readInPiecesOf(written(new Message.StealRequest(5), new Message.Stop()), Integer.MAX_VALUE);
        assertEquals(2, total(serverTraffic, Traffic.RECEIVED) - received, "on by default: received");
        assertEquals(2, total(clientTraffic, Traffic.SENT) - sent, "on by default: sent");

        String old = System.setProperty("satin.timeline", "false");
        Traffic off;
        try {
            off = new Traffic();
        } finally {
            if (old == null) {
                System.clearProperty("satin.timeline");
            } else {
                System.setProperty("satin.timeline", old);
            }
        }
        EmbeddedChannel offEnd = end("off", true, new PipelineTest.Recorder(), off);
        EmbeddedChannel otherEnd = end("other", false, new PipelineTest.Recorder(), new Traffic());
        try {
            PipelineTest.pump(offEnd, otherEnd); // the handshake's messages
            Traffic.Counts counted = off.snapshot().lan();
            assertTrue(counted.messagesIn() > 0 && counted.messagesOut() > 0, "it counts its messages: " + counted);
            assertEquals(0, total(off, Traffic.RECEIVED) + total(off, Traffic.SENT), "but not over time");
        } finally {
            offEnd.finishAndReleaseAll();
            otherEnd.finishAndReleaseAll();
        }
    }

    private static long total(Traffic t, int series) {
        long[][] counts = t.overTime().snapshot().counts();
        return java.util.Arrays.stream(counts[series]).sum();
    }
}
