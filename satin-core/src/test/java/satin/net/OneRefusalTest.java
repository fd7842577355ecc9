package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Once a connection is refused or closed, what was already read of it is not acted on: a burst of
 * frames that arrives in one read earns one logged refusal, one refusal told to the inbox and one
 * REFUSED written back, not one per frame; and an inbox that closes a connection hears nothing
 * more of it.
 */
class OneRefusalTest {

    private final LogCapture log = LogCapture.of("satin.net");
    private final List<EmbeddedChannel> made = new ArrayList<>();

    @AfterEach
    void release() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
        log.close();
    }

    private EmbeddedChannel open(PoolIdentity self, boolean accepting, Inbox inbox) {
        EmbeddedChannel ch = new EmbeddedChannel(new PipelineInitializer(self, accepting, 1 << 20, inbox));
        made.add(ch);
        return ch;
    }

    private static PoolIdentity identity(String node) {
        return new PoolIdentity("p", node, "c1", "local://" + node, "s3cret");
    }

    /** Everything {@code from} wrote, as one buffer: what one read of a socket may bring. */
    private static ByteBuf oneRead(EmbeddedChannel from) {
        ByteBuf all = Unpooled.buffer();
        for (ByteBuf b; (b = from.readOutbound()) != null;) {
            all.writeBytes(b);
            b.release();
        }
        return all;
    }

    @Test
    void aBurstBeforeTheHandshakeIsRefusedOnce() {
        PipelineTest.Recorder inbox = new PipelineTest.Recorder();
        EmbeddedChannel server = open(identity("server"), true, inbox);
        ByteBuf burst = Unpooled.buffer();
        burst.writeBytes(PlainPreamble.BYTES);
        for (int i = 0; i < 100; i++) {
            ByteBuf f = Frames.frame(FrameFormat.VERSION, MessageType.STEAL_REQUEST.code(), new byte[8]);
            burst.writeBytes(f);
            f.release();
        }
        server.writeInbound(burst);
        assertFalse(server.isActive());
        assertEquals(1, log.containing("refusing connection").size(), log.lines().toString());
        assertEquals(1, inbox.refusals.size(), inbox.refusals.toString());
        ByteBuf written = oneRead(server);
        int refusedWritten = 0;
        while (written.isReadable()) {
            int length = written.readInt();
            written.skipBytes(1); // the version
            refusedWritten += written.readUnsignedByte() == MessageType.REFUSED.code() ? 1 : 0;
            written.skipBytes(length - 2);
        }
        written.release();
        assertEquals(1, refusedWritten, "one REFUSED written back");
    }

    @Test
    void anInboxThatClosesAConnectionHearsNothingMoreOfIt() {
        List<Message> heard = new ArrayList<>();
        Inbox closesAtOnce = new Inbox() {
            @Override
            public void opened(Connection c) {
            }

            @Override
            public void received(Connection c, Message m) {
                heard.add(m);
                c.close(); // as a node does with a message of the wrong kind
            }

            @Override
            public void closed(Connection c) {
            }
        };
        EmbeddedChannel server = open(identity("server"), true, closesAtOnce);
        PipelineTest.Recorder client = new PipelineTest.Recorder();
        EmbeddedChannel dialer = open(identity("client"), false, client);
        PipelineTest.pump(server, dialer);
        for (int i = 0; i < 3; i++) {
            client.connection.send(new Message.StealRequest(i));
        }
        server.writeInbound(oneRead(dialer));
        assertEquals(List.of(new Message.StealRequest(0)), heard);
    }
}
