package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslHandler;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The choice between TLS and plain, on both ends of a connection with a wire, and what each end
 * refuses: the dialing end chooses by the policy and the peer's cluster; the accepting end tells
 * from the first bytes, and after the hello refuses a plain link the policy wants encrypted.
 */
class TlsPipelineTest {

    private final List<EmbeddedChannel> made = new ArrayList<>();
    private final LogCapture log = LogCapture.of("satin.net");

    @AfterEach
    void finish() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
        log.close();
    }

    private static PoolIdentity in(String cluster, String secret) {
        return new PoolIdentity("p", "node-" + cluster, cluster, "", secret);
    }

    private EmbeddedChannel channel(PipelineInitializer initializer) {
        EmbeddedChannel ch = new EmbeddedChannel(initializer);
        made.add(ch);
        return ch;
    }

    private EmbeddedChannel accepting(PoolIdentity self, TlsPolicy policy, Inbox inbox) {
        return channel(new PipelineInitializer(self, true, 1024, inbox).policy(policy));
    }

    /** A connecting end towards a member of {@code toCluster} on another host. */
    private EmbeddedChannel dialing(PoolIdentity self, TlsPolicy policy, String toCluster, Inbox inbox) {
        return dialing(self, policy, toCluster, "tcp://10.1.2.3:4000", inbox);
    }

    private EmbeddedChannel dialing(PoolIdentity self, TlsPolicy policy, String toCluster, String at, Inbox inbox) {
        return channel(new PipelineInitializer(self, false, 1024, inbox).policy(policy).toMember(toCluster, at));
    }

    /** Moves bytes both ways, running what TLS hands off, until both ends are quiet. */
    private static void pump(EmbeddedChannel a, EmbeddedChannel b) {
        for (boolean moved = true; moved; ) {
            a.runPendingTasks();
            b.runPendingTasks();
            moved = move(a, b) | move(b, a);
        }
    }

    private static boolean move(EmbeddedChannel from, EmbeddedChannel to) {
        boolean moved = false;
        for (ByteBuf out; (out = from.readOutbound()) != null; moved = true) {
            if (to.isActive()) {
                to.writeInbound(out);
            } else {
                out.release();
            }
        }
        return moved;
    }

    @Test
    void aDialingEndSpeaksTlsToAnotherClusterAndPlainInItsOwnUnderWan() {
        EmbeddedChannel across = dialing(in("A", "s"), TlsPolicy.WAN, "B", new PipelineTest.Recorder());
        assertNotNull(across.pipeline().get(SslHandler.class));
        ByteBuf hello = across.readOutbound();
        assertTrue(SslHandler.isEncrypted(hello, false), "a TLS record first");
        hello.release();

        EmbeddedChannel inside = dialing(in("A", "s"), TlsPolicy.WAN, "A", new PipelineTest.Recorder());
        assertNull(inside.pipeline().get(SslHandler.class));
        ByteBuf first = inside.readOutbound();
        assertEquals("satin", first.toString(java.nio.charset.StandardCharsets.US_ASCII));
        first.release();
    }

    @Test
    void allEncryptsInsideAClusterAndOffNowhere() {
        assertNotNull(dialing(in("A", "s"), TlsPolicy.ALL, "A", new PipelineTest.Recorder()).pipeline()
                .get(SslHandler.class));
        assertNull(dialing(in("A", "s"), TlsPolicy.OFF, "B", new PipelineTest.Recorder()).pipeline()
                .get(SslHandler.class));
        assertNull(toRegistry(TlsPolicy.OFF, "tcp://10.1.2.3:4000").get(SslHandler.class));
        assertNotNull(toRegistry(TlsPolicy.WAN, "tcp://10.1.2.3:4000").get(SslHandler.class),
                "a registry on another host: TLS unless off");
        assertNull(toRegistry(TlsPolicy.WAN, "tcp://127.0.0.1:4000").get(SslHandler.class),
                "a registry on this host: plain under wan, nothing is on a wire");
        assertNotNull(toRegistry(TlsPolicy.ALL, "tcp://127.0.0.1:4000").get(SslHandler.class));
    }

    @Test
    void aMemberOfAnotherClusterOnThisHostIsDialedPlainUnderWanAndOverTlsUnderAll() {
        for (String here : List.of("tcp://127.0.0.1:4000", "tcp://127.0.0.2:4000", "tcp://[::1]:4000")) {
            assertNull(dialing(in("A", "s"), TlsPolicy.WAN, "B", here, new PipelineTest.Recorder()).pipeline()
                    .get(SslHandler.class), here + " is on this host: plain under wan, nothing is on a wire");
            assertNotNull(dialing(in("A", "s"), TlsPolicy.ALL, "B", here, new PipelineTest.Recorder()).pipeline()
                    .get(SslHandler.class), here + " under all");
        }
        assertNotNull(dialing(in("A", "s"), TlsPolicy.WAN, "B", "tcp://192.0.2.7:4000", new PipelineTest.Recorder())
                .pipeline().get(SslHandler.class), "another host of another cluster: TLS under wan");
    }

    private io.netty.channel.ChannelPipeline toRegistry(TlsPolicy policy, String address) {
        return channel(new PipelineInitializer(in("A", "s"), false, 1024, new PipelineTest.Recorder()).policy(policy)
                .toRegistry(address)).pipeline();
    }

    @Test
    void peersOfTwoClustersWithTheSecretAreAdmittedOverTlsAndTalk() {
        PipelineTest.Recorder server = new PipelineTest.Recorder();
        PipelineTest.Recorder client = new PipelineTest.Recorder();
        EmbeddedChannel s = accepting(in("A", "s"), TlsPolicy.WAN, server);
        EmbeddedChannel c = dialing(in("B", "s"), TlsPolicy.WAN, "A", client);
        pump(s, c);
        assertEquals(List.of("opened node-B"), server.events, () -> server.refusals.toString());
        assertEquals(List.of("opened "), client.events, () -> client.refusals.toString());
        assertNotNull(s.pipeline().get(SslHandler.class), "the accepting end put TLS in front");
        assertTrue(server.connection.encrypted() && client.connection.encrypted());
        client.connection.send(new Message.Abandon(4321));
        pump(s, c);
        assertEquals(new Message.Abandon(4321), server.events.get(1));
    }

    /** The inboxes of an accepting end in cluster A under {@code policy} and of a peer that dials it. */
    private record Ends(PipelineTest.Recorder server, PipelineTest.Recorder client) {
    }

    /** Connects {@code peer}, dialing under {@code peerPolicy}, to an end of cluster A; expects it refused. */
    private Ends refused(TlsPolicy policy, PoolIdentity peer, TlsPolicy peerPolicy) {
        Ends ends = new Ends(new PipelineTest.Recorder(), new PipelineTest.Recorder());
        EmbeddedChannel s = accepting(in("A", "s"), policy, ends.server);
        pump(s, dialing(peer, peerPolicy, "A", ends.client));
        assertEquals(List.of(), ends.server.events);
        assertEquals(List.of(), ends.client.events);
        assertFalse(s.isActive());
        return ends;
    }

    @Test
    void aPeerWithoutTheSecretFailsTlsBeforeAnyDecoderReadsIt() {
        PipelineTest.Recorder server = refused(TlsPolicy.WAN, in("B", "not s"), TlsPolicy.WAN).server;
        assertTrue(server.refusals.get(0).contains("TLS handshake"), server.refusals::toString);
        assertTrue(log.containing("wrong pool secret").isEmpty(), log.lines()::toString);
        // once by each end: the dialing end distrusts the certificate, the accepting end hears its alert
        assertEquals(2, log.containing("TLS handshake failed").size(), log.lines()::toString);
    }

    @Test
    void aPlainPeerFromAnotherClusterIsRefusedAfterItsHelloUnderWan() {
        Ends ends = refused(TlsPolicy.WAN, in("B", "s"), TlsPolicy.OFF);
        PipelineTest.Recorder server = ends.server;
        PipelineTest.Recorder client = ends.client;
        assertTrue(server.refusals.get(0).contains("requires to be TLS"), server.refusals::toString);
        assertTrue(client.refusals.get(0).contains("requires to be TLS"), "the peer is told why: " + client.refusals);
        assertEquals(1, log.containing("refusing connection").size(), log.lines()::toString);
    }

    @Test
    void aPlainPeerOfTheSameClusterIsAdmittedUnderWanButNotUnderAll() {
        PipelineTest.Recorder wan = new PipelineTest.Recorder();
        pump(accepting(in("A", "s"), TlsPolicy.WAN, wan), dialing(in("A", "s"), TlsPolicy.OFF, "A",
                new PipelineTest.Recorder()));
        assertEquals(List.of("opened node-A"), wan.events);

        PipelineTest.Recorder all = refused(TlsPolicy.ALL, in("A", "s"), TlsPolicy.OFF).server;
        assertTrue(all.refusals.get(0).contains("=all requires to be TLS"), all.refusals::toString);
    }

    @Test
    void tlsOfferedWhereItIsOffIsRefused() {
        PipelineTest.Recorder server = refused(TlsPolicy.OFF, in("B", "s"), TlsPolicy.ALL).server;
        assertTrue(server.refusals.get(0).contains("TLS is off at this end"), server.refusals::toString);
    }

    @Test
    void bytesThatAreNeitherTlsNorThePreambleAreRefusedOnce() {
        PipelineTest.Recorder server = new PipelineTest.Recorder();
        EmbeddedChannel s = accepting(in("A", "s"), TlsPolicy.WAN, server);
        s.writeInbound(Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump("0000ffff0102")));
        assertFalse(s.isActive());
        assertTrue(server.refusals.get(0).contains("neither TLS nor"), server.refusals::toString);
        assertEquals(1, log.containing("refusing connection").size(), log.lines()::toString);
        assertNull(s.readOutbound(), "nothing said to a stranger");
    }

    @Test
    void thePreambleMayArriveByteByByte() {
        PipelineTest.Recorder server = new PipelineTest.Recorder();
        EmbeddedChannel s = accepting(in("A", "s"), TlsPolicy.WAN, server);
        for (byte b : PlainPreamble.BYTES) {
            assertNull(s.readOutbound(), "the challenge waits for the peer's first bytes");
            s.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        ByteBuf challenge = s.readOutbound();
        assertNotNull(challenge, "challenged once the preamble is in");
        challenge.release();
        assertTrue(s.isActive());
    }

    @Test
    void thePoolsAuthorityFollowsFromTheSecretAndThePoolName() throws Exception {
        var key = PoolCa.derive("p", "s").getPublic();
        assertEquals(key, PoolCa.derive("p", "s").getPublic(), "every holder of the secret derives one key");
        assertNotEquals(key, PoolCa.derive("p", "t").getPublic());
        assertNotEquals(key, PoolCa.derive("q", "s").getPublic());
        PoolCa ca = new PoolCa("p", "s");
        ca.certify(java.security.KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic()).verify(key);
    }

    @Test
    void aPolicyThatIsNoneOfTheThreeIsNamedInTheError() {
        var e = assertThrows(IllegalArgumentException.class, () -> TlsPolicy.parse("sometimes", "-Dsatin.tls"));
        assertEquals("-Dsatin.tls=sometimes: expected wan, all or off", e.getMessage());
        assertEquals(TlsPolicy.ALL, TlsPolicy.parse(" ALL ", "x"));
    }
}
