package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The whole pipeline, on EmbeddedChannels wired back to back: the handshake admits only a peer of
 * the same pool that knows the secret, frames over the limit close the connection, and after the
 * handshake messages reach the inbox.
 */
class PipelineTest {

    /** An inbox that records what it is told. */
    static final class Recorder implements Inbox {
        final List<Object> events = new ArrayList<>();
        Connection connection;

        @Override
        public void opened(Connection c) {
            connection = c;
            events.add("opened " + c.peer().node());
        }

        @Override
        public void received(Connection c, Message m) {
            events.add(m);
        }

        @Override
        public void closed(Connection c) {
            events.add("closed");
        }

        /** Why connections were not admitted, apart from the events: most tests want those alone. */
        final List<String> refusals = new ArrayList<>();

        @Override
        public void refused(String reason) {
            refusals.add(reason);
        }
    }

    /** The channels a test made, finished after it with everything left in them released. */
    private final List<EmbeddedChannel> made = new java.util.ArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void releaseWhatIsLeft() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    static EmbeddedChannel channel(PoolIdentity self, boolean accepting, Inbox inbox) {
        return new EmbeddedChannel(new PipelineInitializer(self, accepting, 1024, inbox));
    }

    private EmbeddedChannel open(PoolIdentity self, boolean accepting, Inbox inbox) {
        EmbeddedChannel ch = channel(self, accepting, inbox);
        made.add(ch);
        return ch;
    }

    /** Moves everything each side wrote to the other side, until both are quiet. */
    static void pump(EmbeddedChannel a, EmbeddedChannel b) {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (EmbeddedChannel[] pair : new EmbeddedChannel[][] {{a, b}, {b, a}}) {
                ByteBuf out;
                while ((out = pair[0].readOutbound()) != null) {
                    moved = true;
                    if (pair[1].isActive()) {
                        pair[1].writeInbound(out);
                    } else {
                        out.release();
                    }
                }
            }
        }
    }

    private static PoolIdentity identity(String pool, String node, String secret) {
        return new PoolIdentity(pool, node, "c1", "local://" + node, secret);
    }

    @Test
    void peersWithTheSecretAreAdmittedAndTalk() {
        Recorder server = new Recorder();
        Recorder client = new Recorder();
        EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, server);
        EmbeddedChannel c = open(identity("p", "client", "s3cret"), false, client);
        pump(s, c);
        assertEquals(List.of("opened client"), server.events);
        assertEquals(1, client.events.size());
        client.connection.send(new Message.StealRequest(42));
        pump(s, c);
        assertEquals(new Message.StealRequest(42), server.events.get(1));
        assertTrue(s.isActive() && c.isActive());
    }

    @Test
    void aWrongSecretIsRefusedAndClosed() {
        Recorder server = new Recorder();
        Recorder client = new Recorder();
        EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, server);
        EmbeddedChannel c = open(identity("p", "intruder", "guess"), false, client);
        pump(s, c);
        assertTrue(server.events.isEmpty(), "nothing reached the inbox");
        assertFalse(s.isActive(), "the accepting end closed the connection");
        assertFalse(c.isActive(), "the refused end closed too, on the refusal");
    }

    @Test
    void anotherPoolIsRefused() {
        Recorder server = new Recorder();
        EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, server);
        EmbeddedChannel c = open(identity("q", "other", "s3cret"), false, new Recorder());
        pump(s, c);
        assertTrue(server.events.isEmpty());
        assertFalse(s.isActive());
    }

    @Test
    void anAcceptingEndThatDoesNotKnowTheSecretIsNotTrusted() {
        Recorder client = new Recorder();
        EmbeddedChannel s = open(identity("p", "impostor", "guess"), true, new Recorder());
        EmbeddedChannel c = open(identity("p", "client", "s3cret"), false, client);
        pump(s, c);
        assertTrue(client.events.isEmpty() || client.events.stream().noneMatch(e -> e.toString().startsWith("opened")),
                client.events.toString());
    }

    @Test
    void aMessageBeforeTheHandshakeIsRefused() {
        Recorder server = new Recorder();
        EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, server);
        s.writeInbound(Frames.frame(FrameFormat.VERSION, MessageType.STEAL_REQUEST.code(), new byte[8]));
        assertTrue(server.events.isEmpty());
        assertFalse(s.isActive());
    }

    @Test
    void aFrameOverTheLimitClosesTheConnection() {
        EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, new Recorder());
        ByteBuf huge = Frames.frame(FrameFormat.VERSION, MessageType.REFUSED.code(), new byte[2000]);
        s.writeInbound(huge);
        assertFalse(s.isActive(), "a 2000-byte frame over a 1024-byte limit");
    }

    /**
     * A connection that closes before its handshake ends is given up once, when it closes: its
     * deadline does not go off later to log a refusal and give up what waits for the peer again.
     */
    @ParameterizedTest(name = "accepting end: {0}")
    @ValueSource(booleans = {true, false})
    void aConnectionClosedBeforeItsHandshakeIsNotRefusedAtTheDeadline(boolean accepting) {
        Recorder inbox = new Recorder();
        try (LogCapture log = LogCapture.of("satin.net")) {
            EmbeddedChannel ch = open(identity("p", "early", "s3cret"), accepting, inbox);
            ch.unsafe().close(ch.unsafe().voidPromise()); // as a peer's close: ch.close() would cancel the timers too
            ch.advanceTimeBy(Handshake.TIMEOUT_SECONDS + 1, TimeUnit.SECONDS);
            ch.runScheduledPendingTasks();
            ch.runPendingTasks();
            assertEquals(List.of("the connection closed before the handshake finished"), inbox.refusals);
            assertEquals(List.of(), log.containing("no handshake"));
        }
    }

    @Test
    void aSilentPeerIsDroppedAfterTheHandshakeTimeout() throws Exception {
        try (LogCapture log = LogCapture.of("satin.net")) {
            EmbeddedChannel s = open(identity("p", "server", "s3cret"), true, new Recorder());
            s.advanceTimeBy(Handshake.TIMEOUT_SECONDS + 1, TimeUnit.SECONDS);
            s.runScheduledPendingTasks();
            s.runPendingTasks();
            assertFalse(s.isActive());
            // the accepting end speaks only once the peer's first bytes said whether it is TLS or plain
            assertNull(s.readOutbound());
            assertEquals(1, log.containing("no handshake within").size(), log.lines()::toString);
        }
    }
}
