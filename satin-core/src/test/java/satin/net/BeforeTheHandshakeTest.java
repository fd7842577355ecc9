package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a peer may do before it has proved the pool's secret: send small frames only, and hold only
 * so many connections, from one host and in all. Once admitted, the configured frame limit holds.
 */
class BeforeTheHandshakeTest {

    private static final int MAX_FRAME = 16 << 20;

    private final List<EmbeddedChannel> made = new ArrayList<>();
    private final LogCapture log = LogCapture.of("satin.net");

    @AfterEach
    void releaseWhatIsLeft() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
        log.close();
    }

    private static PoolIdentity identity(String node) {
        return new PoolIdentity("p", node, "c1", "local://" + node, "s3cret");
    }

    /** The initializer of one listener (its connections share the bounds), or of a connecting end. */
    private static PipelineInitializer end(String node, boolean accepting, Inbox inbox, Unproven.Limits limits) {
        return new PipelineInitializer(identity(node), accepting, MAX_FRAME, inbox, null, WanLinks.none(),
                Liveness.Settings.DEFAULT, limits);
    }

    /** A connection that {@code end} made or accepted, with a peer at {@code remote}. */
    private EmbeddedChannel connection(PipelineInitializer end, SocketAddress remote) {
        EmbeddedChannel ch = new EmbeddedChannel(end) {
            @Override
            protected SocketAddress remoteAddress0() {
                return remote;
            }
        };
        made.add(ch);
        return ch;
    }

    private static SocketAddress host(int n, int port) {
        return new InetSocketAddress("10.0.0." + n, port);
    }

    /** The length of a frame of {@code length} bytes, and a little of it. */
    private static ByteBuf frameStart(int length) {
        return Unpooled.buffer().writeInt(length).writeBytes(new byte[100]);
    }

    @ParameterizedTest(name = "accepting end: {0}")
    @ValueSource(booleans = {true, false})
    void aLargeFrameBeforeTheHandshakeIsRefusedAndTheConnectionClosed(boolean accepting) {
        EmbeddedChannel ch = connection(end("n", accepting, new PipelineTest.Recorder(), Unproven.Limits.DEFAULT),
                host(1, 4000));
        if (accepting) { // past the check for TLS, to the frames
            ch.writeInbound(Unpooled.wrappedBuffer(PlainPreamble.BYTES));
        }
        ch.writeInbound(frameStart(FrameDecoder.UNTRUSTED_MAX_FRAME + 1));
        assertFalse(ch.isActive());
        assertEquals(1, log.containing("more than the 65536 allowed before the handshake").size(), log.lines()::toString);
    }

    @Test
    void afterTheHandshakeAFrameOfAMebibyteIsAccepted() {
        PipelineTest.Recorder server = new PipelineTest.Recorder();
        PipelineTest.Recorder client = new PipelineTest.Recorder();
        EmbeddedChannel s = connection(end("server", true, server, Unproven.Limits.DEFAULT), host(1, 4000));
        EmbeddedChannel c = connection(end("client", false, client, Unproven.Limits.DEFAULT), host(2, 5000));
        PipelineTest.pump(s, c);
        client.connection.send(new Message.Push(9, new byte[1 << 20]));
        PipelineTest.pump(s, c);
        assertTrue(s.isActive(), log.lines()::toString);
        Message.Push push = assertInstanceOf(Message.Push.class, server.events.get(1));
        assertEquals(1 << 20, push.payload().length);
    }

    @Test
    void aHostWithTooManyConnectionsAwaitingTheirHandshakeIsRefusedTheNextOne() {
        PipelineInitializer listener = end("server", true, new PipelineTest.Recorder(), new Unproven.Limits(3, 100));
        List<EmbeddedChannel> first = new ArrayList<>();
        for (int port = 1; port <= 3; port++) {
            first.add(connection(listener, host(1, port)));
        }
        EmbeddedChannel fourth = connection(listener, host(1, 4));
        assertTrue(first.stream().allMatch(EmbeddedChannel::isActive));
        assertFalse(fourth.isActive(), "the fourth from 10.0.0.1 awaiting its handshake");
        assertEquals(List.of("refusing connection from /10.0.0.1:4: 3 connections from 10.0.0.1 await their handshake"
                + " already, the most one host may have (-Dsatin.maxUnauthenticatedPerHost)"),
                log.containing("refusing"));
        assertTrue(connection(listener, host(2, 1)).isActive(), "another host's");
        first.get(0).unsafe().close(first.get(0).unsafe().voidPromise());
        assertTrue(connection(listener, host(1, 5)).isActive(), "one of the three closed");
    }

    @Test
    void aConnectionAdmittedNoLongerCounts() {
        PipelineInitializer listener = end("server", true, new PipelineTest.Recorder(), new Unproven.Limits(1, 100));
        EmbeddedChannel s = connection(listener, host(1, 1));
        EmbeddedChannel c = connection(end("client", false, new PipelineTest.Recorder(), Unproven.Limits.DEFAULT),
                host(9, 7000));
        assertFalse(connection(listener, host(1, 2)).isActive(), "one awaits its handshake already");
        PipelineTest.pump(s, c);
        assertTrue(connection(listener, host(1, 3)).isActive(), "the first was admitted");
    }

    @Test
    void tooManyConnectionsAwaitingTheirHandshakeInAllAreRefusedTheNextOne() {
        PipelineInitializer listener = end("server", true, new PipelineTest.Recorder(), new Unproven.Limits(10, 3));
        for (int n = 1; n <= 3; n++) {
            assertTrue(connection(listener, host(n, 1)).isActive());
        }
        assertFalse(connection(listener, host(4, 1)).isActive());
        assertEquals(List.of("refusing connection from /10.0.0.4:1: 3 connections await their handshake already,"
                + " the most this end takes (-Dsatin.maxUnauthenticated)"), log.containing("refusing"));
    }

    @Test
    void aRefusedConnectionIsToldWhy() {
        PipelineInitializer listener = end("server", true, new PipelineTest.Recorder(), new Unproven.Limits(1, 1));
        connection(listener, host(1, 1));
        EmbeddedChannel refused = connection(listener, host(1, 2));
        PipelineTest.Recorder client = new PipelineTest.Recorder();
        EmbeddedChannel c = connection(end("client", false, client, Unproven.Limits.DEFAULT), host(9, 7000));
        PipelineTest.pump(refused, c);
        assertFalse(c.isActive());
        assertEquals(1, client.refusals.size());
        assertTrue(client.refusals.get(0).contains("await their handshake already"), client.refusals::toString);
    }

    @Test
    void inVmConnectionsComeFromThisProcessAndAreNotCounted() {
        PipelineInitializer listener = end("server", true, new PipelineTest.Recorder(), new Unproven.Limits(1, 1));
        for (int n = 0; n < 5; n++) {
            assertTrue(connection(listener, new LocalAddress("client-" + n)).isActive());
        }
    }

    @Test
    void limitsFromSystemPropertiesAreCheckedByName() {
        System.setProperty(Unproven.Limits.PER_HOST_PROPERTY, "many");
        try {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    Unproven.Limits::fromProperties);
            assertEquals("-Dsatin.maxUnauthenticatedPerHost=many: expected a whole number of connections, 1 or more",
                    e.getMessage());
        } finally {
            System.clearProperty(Unproven.Limits.PER_HOST_PROPERTY);
        }
        assertEquals(Unproven.Limits.DEFAULT, Unproven.Limits.fromProperties());
    }
}
