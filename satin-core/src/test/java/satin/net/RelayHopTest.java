package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The dialing end's talk with the relays, on an {@link EmbeddedChannel}: it answers each relay's
 * greeting with the next hop, signed so that a relay of the pool accepts it, and lets the link's own
 * handlers see the connection only once the last relay reached the target, with the bytes that came
 * along; a refusal, a wrong answer or silence closes the connection before they see anything.
 */
class RelayHopTest {

    private static final PoolIdentity SELF = new PoolIdentity("p", "n", "east", "", "s3cret");
    private static final PoolIdentity RELAY = new PoolIdentity("p", "relay", "", "", "s3cret");
    private static final RelayRoute ROUTE = new RelayRoute(List.of("tcp://10.0.0.1:4000", "tcp://10.0.1.1:4001"),
            "tcp://10.0.1.7:5000");

    /** What the link's own handlers see. */
    private static final class Link extends ChannelInboundHandlerAdapter {
        final List<String> seen = new ArrayList<>();

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            seen.add("active");
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            seen.add(b.toString(StandardCharsets.US_ASCII));
            b.release();
        }
    }

    private static ByteBuf text(String s) {
        return Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    }

    private static String sent(EmbeddedChannel ch) {
        ByteBuf b = ch.readOutbound();
        try {
            return b.toString(StandardCharsets.US_ASCII);
        } finally {
            b.release();
        }
    }

    @Test
    void eachRelayIsAnsweredWithTheNextHopAndTheLinkBeginsAtTheTarget() {
        Link link = new Link();
        EmbeddedChannel ch = new EmbeddedChannel(new RelayHop(SELF, ROUTE, TimeUnit.SECONDS.toNanos(10)), link);
        assertTrue(link.seen.isEmpty(), "the link waits for the relays: " + link.seen);
        byte[] first = PoolIdentity.nonce();
        ch.writeInbound(text(RelayProtocol.greeting(first) + "\n"));
        RelayProtocol.Request toSecond = RelayProtocol.parse(sent(ch).strip());
        assertEquals(RelayProtocol.Kind.RELAY, toSecond.kind());
        assertEquals("tcp://10.0.1.1:4001", toSecond.next());
        assertTrue(RelayProtocol.proves(RELAY, first, toSecond), "the first relay accepts the request");
        byte[] second = PoolIdentity.nonce();
        ch.writeInbound(text(RelayProtocol.greeting(second) + "\n"));
        RelayProtocol.Request toTarget = RelayProtocol.parse(sent(ch).strip());
        assertEquals(RelayProtocol.Kind.TARGET, toTarget.kind());
        assertEquals(ROUTE.target(), toTarget.next());
        assertTrue(RelayProtocol.proves(RELAY, second, toTarget));
        assertFalse(RelayProtocol.proves(RELAY, first, toTarget), "a request answers one greeting only");
        assertTrue(link.seen.isEmpty(), link.seen.toString());
        ch.writeInbound(text(RelayProtocol.OK + "\nfirst bytes"));
        assertEquals(List.of("active", "first bytes"), link.seen);
        assertNull(ch.pipeline().get(RelayHop.class), "the hop has left the pipeline");
        ch.writeInbound(text("more"));
        assertEquals("more", link.seen.get(2));
        assertFalse(ch.finish());
    }

    @Test
    void aRefusalClosesTheConnectionBeforeTheLinkSeesIt() {
        for (String answer : List.of(RelayProtocol.REFUSED + "cannot reach tcp://10.0.1.7:5000\n", "hello\n",
                "y".repeat(RelayProtocol.MAX_LINE + 1))) {
            Link link = new Link();
            EmbeddedChannel ch = new EmbeddedChannel(new RelayHop(SELF, new RelayRoute(List.of("tcp://r:1"), "tcp://t:1"),
                    TimeUnit.SECONDS.toNanos(10)), link,
                    new CloseOnError());
            ch.writeInbound(text(RelayProtocol.greeting(PoolIdentity.nonce()) + "\n"));
            ch.readOutbound();
            ch.writeInbound(text(answer));
            assertFalse(ch.isOpen(), "closed on '" + answer + "'");
            assertFalse(link.seen.contains("active"), link.seen.toString());
            ch.finishAndReleaseAll();
        }
    }

    /**
     * Found by fuzzing: after a line that broke the protocol, the decoder read the rest of what came
     * as the connection closed, and two greetings and an "ok" there began the link on a closed
     * connection. Nothing after the break is read now.
     */
    @Test
    void nothingAfterABrokenLineIsRead() {
        Link link = new Link();
        EmbeddedChannel ch = new EmbeddedChannel(new RelayHop(SELF, ROUTE, TimeUnit.SECONDS.toNanos(10)), link,
                new CloseOnError());
        ch.writeInbound(text("hello\n" + RelayProtocol.greeting(PoolIdentity.nonce()) + "\n"
                + RelayProtocol.greeting(PoolIdentity.nonce()) + "\n" + RelayProtocol.OK + "\nbytes"));
        assertFalse(ch.isOpen(), "closed on 'hello'");
        assertTrue(link.seen.isEmpty(), "the link saw " + link.seen);
        assertNull(ch.readOutbound(), "a relay was answered after the break");
        ch.finishAndReleaseAll();
    }

    @Test
    void silentRelaysCloseTheConnectionAtTheDeadline() {
        Link link = new Link();
        EmbeddedChannel ch = new EmbeddedChannel(new RelayHop(SELF, ROUTE, TimeUnit.SECONDS.toNanos(3)), link);
        ch.advanceTimeBy(2, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertTrue(ch.isOpen());
        ch.advanceTimeBy(2, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen(), "closed once the deadline passed");
        assertTrue(link.seen.isEmpty(), link.seen.toString());
    }
}
