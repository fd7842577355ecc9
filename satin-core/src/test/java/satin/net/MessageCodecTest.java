package satin.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.Test;

/** The message encoder and decoder, each on an EmbeddedChannel. */
class MessageCodecTest {

    /** A message type with the batch frame's type byte would be read as a batch (shared writes once were). */
    @Test
    void noMessageTypeHasTheBatchsTypeByte() {
        for (MessageType t : MessageType.values()) {
            assertTrue(t.code() != FrameFormat.BATCH, t + " has the batch frame's type byte " + FrameFormat.BATCH);
        }
    }

    @Test
    void theSamplesCoverEveryType() {
        assertEquals(java.util.EnumSet.allOf(MessageType.class),
                java.util.EnumSet.copyOf(Frames.everyMessage().stream().map(Message::type).toList()));
    }

    @Test
    void everyMessageSurvivesTheRoundTripByteForByte() {
        for (Message m : Frames.everyMessage()) {
            EmbeddedChannel out = new EmbeddedChannel(new MessageEncoder());
            assertTrue(out.writeOutbound(m));
            ByteBuf encoded = out.readOutbound();
            byte[] wire = ByteBufUtil.getBytes(encoded);
            EmbeddedChannel in = new EmbeddedChannel(new MessageDecoder());
            assertTrue(in.writeInbound(encoded));
            Message decoded = in.readInbound();
            assertEquals(m.type(), decoded.type());
            assertArrayEquals(wire, ByteBufUtil.getBytes(Frames.body(decoded)), "re-encoding " + m.type());
        }
    }

    @Test
    void frameBytesIsWhatTheEncoderWritesAndItsLengthField() {
        for (Message m : Frames.everyMessage()) {
            EmbeddedChannel out = new EmbeddedChannel(new MessageEncoder());
            assertTrue(out.writeOutbound(m));
            ByteBuf encoded = out.readOutbound();
            assertEquals(FrameFormat.LENGTH_BYTES + encoded.readableBytes(), MessageEncoder.frameBytes(m), m.type().name());
            encoded.release();
        }
    }

    private static String refusal(byte[] body) {
        EmbeddedChannel in = new EmbeddedChannel(new MessageDecoder());
        try {
            in.writeInbound(Unpooled.wrappedBuffer(body));
            return "accepted";
        } catch (DecoderException e) {
            return CloseOnError.reason(e);
        }
    }

    @Test
    void anotherProtocolVersionIsRefused() {
        assertEquals("protocol version 9, this node speaks version " + FrameFormat.VERSION,
                refusal(new byte[] {9, (byte) MessageType.STOP.code()}));
    }

    @Test
    void anUnknownTypeIsRefused() {
        assertEquals("unknown message type 200", refusal(new byte[] {FrameFormat.VERSION, (byte) 200}));
    }

    @Test
    void aTruncatedOrOverlongMessageIsRefused() {
        assertEquals("truncated STEAL_REQUEST message",
                refusal(new byte[] {FrameFormat.VERSION, (byte) MessageType.STEAL_REQUEST.code(), 0, 0, 0}));
        assertEquals("3 bytes left over after a STOP message",
                refusal(new byte[] {FrameFormat.VERSION, (byte) MessageType.STOP.code(), 1, 2, 3}));
        assertEquals("a frame of 1 bytes has no header", refusal(new byte[] {FrameFormat.VERSION}));
    }

    @Test
    void countsMustFitWhatIsLeftOfTheFrame() {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(FrameFormat.VERSION);
        b.writeByte(MessageType.REFUSED.code());
        b.writeInt(Integer.MAX_VALUE); // a string "of 2 GB", in a frame of a few bytes
        assertEquals("a count of 2147483647 with 0 bytes left in the frame", refusal(ByteBufUtil.getBytes(b)));
        ByteBuf negative = Unpooled.buffer();
        negative.writeByte(FrameFormat.VERSION);
        negative.writeByte(MessageType.CHALLENGE.code());
        negative.writeInt(-5);
        assertEquals("a count of -5 with 0 bytes left in the frame", refusal(ByteBufUtil.getBytes(negative)));
    }

    @Test
    void aStringLongerThanTheLimitIsRefused() {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(FrameFormat.VERSION);
        b.writeByte(MessageType.REFUSED.code());
        b.writeInt(FrameFormat.MAX_STRING + 1);
        b.writeZero(FrameFormat.MAX_STRING + 1);
        assertEquals("a string of 65537 bytes, more than the 65536 allowed", refusal(ByteBufUtil.getBytes(b)));
    }

    @Test
    void aStealReplyWithoutAJobCarriesNoPayload() {
        EmbeddedChannel in = new EmbeddedChannel(new MessageDecoder());
        in.writeInbound(Frames.body(new Message.StealReply(5, 0, null)));
        Message.StealReply r = in.readInbound();
        assertNull(r.payload());
        assertFalse(in.isActive() && in.inboundMessages().size() > 0);
    }
}
