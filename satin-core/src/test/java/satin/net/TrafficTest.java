package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LengthFieldPrepender;
import org.junit.jupiter.api.Test;

/**
 * What a connection counts: messages and bytes each way, heartbeats apart, so that the failure
 * detector's chatter never shows in a comparison of balancers by their messages.
 */
class TrafficTest {

    private final Traffic traffic = new Traffic();
    private final EmbeddedChannel ch = new EmbeddedChannel(traffic, new LengthFieldPrepender(FrameFormat.LENGTH_BYTES),
            new MessageEncoder());

    @org.junit.jupiter.api.AfterEach
    void releaseWhatIsLeft() {
        ch.finishAndReleaseAll();
    }

    @Test
    void messagesGoingOutAreCountedAndHeartbeatsApart() {
        ch.writeOutbound(new Message.StealRequest(1), new Message.Heartbeat(), new Message.Stop(),
                new Message.Heartbeat());
        assertEquals(2, traffic.messagesOut(), "the steal request and the stop");
        assertEquals(2 * FrameFormat.LENGTH_BYTES + 2 * FrameFormat.HEADER_BYTES + 8, traffic.bytesOut());
        assertEquals(2, traffic.heartbeatsOut.get());
    }

    @Test
    void framesComingInAreCountedAndHeartbeatsApart() {
        ch.writeInbound(Frames.frame(FrameFormat.VERSION, MessageType.HEARTBEAT.code(), new byte[0]));
        ch.writeInbound(Frames.frame(FrameFormat.VERSION, MessageType.STOP.code(), new byte[0]));
        ch.writeInbound(Frames.frame(FrameFormat.VERSION, MessageType.STEAL_REQUEST.code(), new byte[8]));
        assertEquals(2, traffic.messagesIn());
        assertEquals(1, traffic.heartbeatsIn.get());
    }
}
