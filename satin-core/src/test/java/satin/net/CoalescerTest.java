package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The coalescer on an EmbeddedChannel, whose clock the tests move; and the decoder of its batches. */
class CoalescerTest {

    private static final long WINDOW = TimeUnit.MICROSECONDS.toNanos(200);
    private static final Handshake.Admitted PEER = new Handshake.Admitted("b", "c1", "local://b");

    private final List<EmbeddedChannel> made = new ArrayList<>();

    @AfterEach
    void releaseWhatIsLeft() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    /** An end that encodes messages and coalesces them, admitted unless told otherwise. */
    private EmbeddedChannel sender(int maxFrame, boolean admitted) {
        EmbeddedChannel ch = new EmbeddedChannel(new Coalescer(WINDOW, maxFrame), new MessageEncoder());
        made.add(ch);
        ch.freezeTime(); // the window must end when a test says, not while it runs
        if (admitted) {
            ch.pipeline().fireUserEventTriggered(PEER);
        }
        return ch;
    }

    private EmbeddedChannel receiver() {
        EmbeddedChannel ch = new EmbeddedChannel(new MessageDecoder());
        made.add(ch);
        ch.pipeline().fireUserEventTriggered(PEER);
        return ch;
    }

    private static void send(EmbeddedChannel ch, Message m) {
        ch.writeAndFlush(m, ch.voidPromise());
    }

    private static void pass(EmbeddedChannel ch, long nanos) {
        ch.advanceTimeBy(nanos, TimeUnit.NANOSECONDS);
        ch.runScheduledPendingTasks();
    }

    /** The frames a sender wrote, as their bodies. */
    private static List<ByteBuf> frames(EmbeddedChannel ch) {
        List<ByteBuf> out = new ArrayList<>();
        for (ByteBuf b; (b = ch.readOutbound()) != null;) {
            out.add(b);
        }
        return out;
    }

    /** What a receiver makes of {@code frames}, in order. */
    private List<Message> decoded(List<ByteBuf> frames) {
        EmbeddedChannel in = receiver();
        frames.forEach(in::writeInbound);
        List<Message> out = new ArrayList<>();
        for (Message m; (m = in.readInbound()) != null;) {
            out.add(m);
        }
        return out;
    }

    private static List<Message> requests(int from, int n) {
        List<Message> out = new ArrayList<>();
        for (int i = from; i < from + n; i++) {
            out.add(new Message.StealRequest(i));
        }
        return out;
    }

    @Test
    void messagesWithinTheWindowLeaveAsOneFrameAtItsEndInTheirOrder() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        List<Message> sent = requests(0, 5);
        sent.forEach(m -> send(ch, m));
        pass(ch, WINDOW - 1);
        assertNull(ch.readOutbound(), "a message left before the window ended");
        pass(ch, 1);
        List<ByteBuf> frames = frames(ch);
        assertEquals(1, frames.size(), "frames for five messages in one window");
        assertEquals(FrameFormat.BATCH, frames.get(0).getUnsignedByte(1));
        assertEquals(sent, decoded(frames));
    }

    @Test
    void aLoneMessageLeavesAsTheFrameItWouldBeWithoutCoalescing() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        Message m = new Message.StealRequest(7);
        send(ch, m);
        pass(ch, WINDOW);
        ByteBuf frame = ch.readOutbound();
        assertEquals(Frames.body(m), frame);
        frame.release();
    }

    @Test
    void nothingIsCoalescedBeforeTheHandshakeAdmitsThePeer() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, false);
        requests(0, 3).forEach(m -> send(ch, m));
        List<ByteBuf> frames = frames(ch);
        assertEquals(3, frames.size(), "frames at once, without a window");
        frames.forEach(f -> assertEquals(MessageType.STEAL_REQUEST.code(), f.getUnsignedByte(1)));
        frames.forEach(ByteBuf::release);
    }

    @Test
    void aBatchNeverExceedsTheFrameLimitAndSplitsInOrder() {
        int maxFrame = 1500;
        EmbeddedChannel ch = sender(maxFrame, true);
        List<Message> sent = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            sent.add(new Message.Result(i, false, new byte[200 + 30 * i]));
        }
        sent.add(new Message.Result(99, false, new byte[maxFrame])); // too large for any batch: alone, in its turn
        sent.addAll(requests(100, 3));
        sent.forEach(m -> send(ch, m));
        pass(ch, WINDOW);
        List<ByteBuf> frames = frames(ch);
        assertTrue(frames.size() > 3, "the messages needed several frames, got " + frames.size());
        for (ByteBuf f : frames) {
            boolean batch = f.getUnsignedByte(1) == FrameFormat.BATCH;
            assertTrue(!batch || f.readableBytes() <= maxFrame, "a batch of " + f.readableBytes() + " bytes");
        }
        assertEquals(wire(sent), wire(decoded(frames)));
    }

    /** Messages as the bytes they are written as: a record's byte arrays compare by identity. */
    private static List<String> wire(List<Message> messages) {
        return messages.stream().map(m -> io.netty.buffer.ByteBufUtil.hexDump(Frames.body(m))).toList();
    }

    @Test
    void aBatchHoldsNoMoreMessagesThanTheDecoderAccepts() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        List<Message> sent = new ArrayList<>();
        for (int i = 0; i < FrameFormat.MAX_BATCH + 5; i++) {
            sent.add(new Message.Stop()); // one byte each in a batch: only the count limits them
        }
        sent.forEach(m -> send(ch, m));
        pass(ch, WINDOW);
        List<ByteBuf> frames = frames(ch);
        assertEquals(FrameFormat.MAX_BATCH, frames.get(0).getUnsignedShort(2));
        assertEquals(sent, decoded(frames));
    }

    @Test
    void aMessageItsWriterWaitsForLeavesAtOnceWithWhatIsPending() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        List<Message> sent = requests(0, 3);
        sent.subList(0, 2).forEach(m -> send(ch, m));
        ChannelFuture last = ch.writeAndFlush(sent.get(2)); // as sendLast and sendAndClose write
        assertTrue(last.isSuccess(), "the waited-for write did not complete");
        List<ByteBuf> frames = frames(ch);
        assertEquals(1, frames.size());
        assertEquals(sent, decoded(frames));
    }

    @Test
    void aCloseSendsWhatIsPendingFirst() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        List<Message> sent = requests(0, 2);
        sent.forEach(m -> send(ch, m));
        ch.close();
        assertEquals(sent, decoded(frames(ch)));
    }

    @Test
    void heartbeatsLeaveAtOnceAloneAfterWhatIsPending() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        List<Message> sent = new ArrayList<>(requests(0, 2));
        sent.add(new Message.Heartbeat());
        sent.forEach(m -> send(ch, m));
        List<ByteBuf> frames = frames(ch);
        assertEquals(2, frames.size(), "the pending batch, then the heartbeat as its own frame");
        assertTrue(Traffic.isHeartbeat(frames.get(1)), "the failure detector's counters still see a heartbeat");
        assertEquals(sent.subList(0, 2), decoded(frames).subList(0, 2));
    }

    @Test
    void batchFrameBytesIsWhatTheCoalescerWrites() {
        EmbeddedChannel ch = sender(FrameFormat.DEFAULT_MAX_FRAME, true);
        Message a = new Message.StealRequest(1);
        Message b = new Message.Result(2, false, new byte[300]);
        send(ch, a);
        send(ch, b);
        pass(ch, WINDOW);
        ByteBuf batch = ch.readOutbound();
        assertEquals(FrameFormat.LENGTH_BYTES + batch.readableBytes(),
                Coalescer.batchFrameBytes(MessageEncoder.frameBytes(a), MessageEncoder.frameBytes(b)));
        batch.release();
    }

    @Test
    void onARealPipelineTheBatchIsOneFrameToTheCountersAndItsMessagesReachTheInboxInOrder() {
        PipelineTest.Recorder server = new PipelineTest.Recorder();
        PipelineTest.Recorder client = new PipelineTest.Recorder();
        Traffic counted = new Traffic();
        EmbeddedChannel s = new EmbeddedChannel(new PipelineInitializer(
                new PoolIdentity("p", "server", "c1", "local://server", "s3cret"), true, 1 << 20, server));
        EmbeddedChannel c = new EmbeddedChannel(new PipelineInitializer(
                new PoolIdentity("p", "client", "c1", "local://client", "s3cret"), false, 1 << 20, client, counted,
                WanLinks.none()).coalescing(WINDOW));
        made.add(s);
        made.add(c);
        s.freezeTime();
        c.freezeTime();
        PipelineTest.pump(s, c);
        long before = counted.snapshot().total().messagesOut();
        List<Message> sent = requests(0, 4);
        sent.forEach(client.connection::send);
        PipelineTest.pump(s, c);
        assertEquals(List.of("opened client"), server.events, "delivered before the window ended");
        pass(c, WINDOW);
        PipelineTest.pump(s, c);
        assertEquals(sent, server.events.subList(1, server.events.size()));
        assertEquals(1, counted.snapshot().total().messagesOut() - before, "frames counted for the batch");
    }

    @Test
    void theWanEmulatorChargesABatchAsOneMessageOfItsSize() {
        WanLinks links = WanLinks.parse("10ms/100KB/s");
        EmbeddedChannel ch = new EmbeddedChannel(new WanEmulator(links, "A"), new Coalescer(WINDOW, 1 << 20),
                new MessageEncoder());
        made.add(ch);
        ch.freezeTime();
        ch.attr(WanEmulator.PEER_CLUSTER).set("B");
        ch.pipeline().fireUserEventTriggered(PEER);
        Message a = new Message.Result(1, false, new byte[400]);
        Message b = new Message.Result(2, false, new byte[500]);
        send(ch, a);
        send(ch, b);
        long charged = links.spec("A", "B").latencyNanos() + links.spec("A", "B")
                .transmitNanos(Coalescer.batchFrameBytes(MessageEncoder.frameBytes(a), MessageEncoder.frameBytes(b)));
        pass(ch, WINDOW); // the batch leaves the coalescer for the link
        pass(ch, charged - 1);
        assertNull(ch.readOutbound(), "the batch arrived before its latency and its bytes' time were over");
        pass(ch, 1);
        List<ByteBuf> frames = frames(ch);
        assertEquals(1, frames.size(), "frames on the emulated link");
        assertEquals(wire(List.of(a, b)), wire(decoded(frames)));
    }

    @Test
    void theDecoderRefusesABatchBeforeTheHandshake() {
        EmbeddedChannel in = new EmbeddedChannel(new MessageDecoder());
        made.add(in);
        DecoderException e = assertThrows(DecoderException.class, () -> in.writeInbound(batchOf(new byte[] {14})));
        assertTrue(CloseOnError.reason(e).contains("before the handshake"), CloseOnError.reason(e));
    }

    @Test
    void theDecoderBoundsABatchAndPassesNoneOfAFaultyOne() {
        assertRefused("not 2 to", Unpooled.buffer().writeByte(FrameFormat.VERSION).writeByte(FrameFormat.BATCH)
                .writeShort(0));
        // the coalescer sends a lone message as its own frame: a batch of one is not what it writes
        assertRefused("not 2 to", batchOf(new byte[] {14}));
        assertRefused("not 2 to", Unpooled.buffer().writeByte(FrameFormat.VERSION).writeByte(FrameFormat.BATCH)
                .writeShort(FrameFormat.MAX_BATCH + 1));
        assertRefused("claims 9 bytes", Unpooled.buffer().writeByte(FrameFormat.VERSION).writeByte(FrameFormat.BATCH)
                .writeShort(2).writeShort(9).writeByte(14));
        assertRefused("a batch inside a batch", batchOf(new byte[] {14}, new byte[] {(byte) FrameFormat.BATCH}));
        assertRefused("left over", batchOf(new byte[] {14}, new byte[] {14}).writeByte(0));
        assertRefused("unknown message type", batchOf(new byte[] {14}, new byte[] {(byte) 200}));
    }

    private void assertRefused(String why, ByteBuf batch) {
        EmbeddedChannel in = receiver();
        DecoderException e = assertThrows(DecoderException.class, () -> in.writeInbound(batch));
        assertTrue(CloseOnError.reason(e).contains(why), CloseOnError.reason(e));
        assertNull(in.readInbound(), "a message of a refused batch got through");
    }

    /** A batch of entries, each a type byte and a message, the count right and nothing after. */
    private static ByteBuf batchOf(byte[]... entries) {
        ByteBuf b = Unpooled.buffer().writeByte(FrameFormat.VERSION).writeByte(FrameFormat.BATCH).writeShort(entries.length);
        for (byte[] e : entries) {
            b.writeShort(e.length).writeBytes(e);
        }
        return b;
    }

    @Test
    void theWindowIsOffOrFromAMicrosecondToATenthOfASecond() {
        assertEquals(0, Coalescer.parseWindow("off", "-Dsatin.coalesce"));
        assertEquals(200_000, Coalescer.parseWindow(" 200us", "-Dsatin.coalesce"));
        for (String bad : List.of("0us", "500ns", "101ms", "soon", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Coalescer.parseWindow(bad, "-Dsatin.coalesce"), bad);
            assertTrue(e.getMessage().startsWith("-Dsatin.coalesce=" + bad + ": expected off or a window"), e.getMessage());
        }
    }
}
