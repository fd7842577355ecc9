package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LengthFieldPrepender;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import satin.net.FrameFormat;
import satin.net.Message;
import satin.net.MessageEncoder;
import satin.net.MessageType;

/**
 * The simulator charges every message it sends exactly the bytes the real one takes: each
 * {@link WireFrame} is encoded as a real node frames it (the real {@link MessageEncoder} behind the
 * length field a connection's pipeline prepends), with payloads of several sizes, and must come
 * to what the simulator charges for it. The switch names every frame, so a frame added to the
 * simulator does not compile here until it is checked; a real message whose layout changes so
 * that its size is no longer a fixed part plus its payload fails here, and so does any change of
 * a fixed part, which the simulator follows but its earlier results did not.
 */
class WireFrameContractTest {

    private static final int[] PAYLOADS = {0, 1, 100, 4096, 70_000};

    /** The real message a frame stands for, carrying {@code payload} where it carries one. */
    private static Message real(WireFrame f, byte[] payload) {
        return switch (f) {
            case STEAL_REQUEST -> new Message.StealRequest(41);
            case EMPTY_REPLY -> new Message.StealReply(41, -1, null);
            case REPLY -> new Message.StealReply(41, 7, payload);
            case PUSH -> new Message.Push(7, payload);
            case PUSH_RECEIVED -> new Message.PushReceived(7);
            case RESULT -> new Message.Result(7, false, payload);
            case NOTE -> new Message.BalancerNote(3, 2, 1_000_000);
        };
    }

    /** The bytes the real pipeline writes for {@code m}: its length field and its encoded body. */
    private static int encodedBytes(Message m) {
        EmbeddedChannel ch = new EmbeddedChannel(new LengthFieldPrepender(FrameFormat.LENGTH_BYTES), new MessageEncoder());
        assertTrue(ch.writeOutbound(m));
        int bytes = 0;
        for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
            bytes += b.readableBytes();
            b.release();
        }
        ch.finishAndReleaseAll();
        return bytes;
    }

    @Test
    void everyFrameCostsWhatTheRealEncoderWrites() {
        for (WireFrame f : WireFrame.values()) {
            for (int n : f.carriesPayload() ? PAYLOADS : new int[] {0}) {
                Message m = real(f, new byte[n]);
                assertEquals(m.type(), f.type(), f + " stands for " + m.type());
                assertEquals(encodedBytes(m), f.bytes(n), f + " with a payload of " + n + " bytes");
            }
        }
    }

    @Test
    void theFramesAreTheStealProtocolsMessages() {
        Set<MessageType> types = EnumSet.noneOf(MessageType.class);
        for (WireFrame f : WireFrame.values()) {
            types.add(f.type());
        }
        assertEquals(EnumSet.of(MessageType.STEAL_REQUEST, MessageType.STEAL_REPLY, MessageType.PUSH,
                MessageType.PUSH_RECEIVED, MessageType.RESULT, MessageType.BALANCER_NOTE), types);
    }

    /**
     * The fixed sizes of protocol version 4, which the simulated runs in docs/benchmarks.md were
     * made with. The simulator follows a new layout by itself; this fails so that whoever changes
     * one sees that simulated times and bytes change too (and bumps {@link FrameFormat#VERSION}).
     */
    @Test
    void aChangedLayoutIsNoticed() {
        assertEquals(4, FrameFormat.VERSION, "a new protocol version: check these sizes, then pin the new ones");
        for (WireFrame f : WireFrame.values()) {
            assertEquals(version4Bytes(f), f.bytes(0), f + "'s fixed bytes, version " + FrameFormat.VERSION);
        }
    }

    /** A frame's bytes without payload in version 4: the length field, version and type, then its fields. */
    private static int version4Bytes(WireFrame f) {
        return switch (f) {
            case STEAL_REQUEST, PUSH_RECEIVED -> 6 + 8;
            case EMPTY_REPLY -> 6 + 8 + 8 + 1;
            case REPLY -> 6 + 8 + 8 + 1 + 4;
            case PUSH -> 6 + 8 + 4;
            case RESULT -> 6 + 8 + 1 + 4;
            case NOTE -> 6 + 4 + 4 + 8;
        };
    }

    @Test
    void aFrameWithoutPayloadTakesNone() {
        assertThrows(IllegalArgumentException.class, () -> WireFrame.STEAL_REQUEST.bytes(1));
    }
}
