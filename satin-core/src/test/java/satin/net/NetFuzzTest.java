package satin.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import satin.testing.Seeds;
import satin.testing.UntrustedInput;

/**
 * Fuzz targets for every reader of a peer's bytes: the frame decoder, the message decoder, the
 * accepting end's pipeline before the handshake and after it, and the dialling end's handshake.
 * Whatever arrives, a connection decodes, waits for more bytes, or closes with a refusal a person
 * can read; no exception reaches the end of a pipeline, none is taken for this node's own fault,
 * and nothing passes the handshake without the pool's secret.
 */
@Tag("fuzz")
class NetFuzzTest {

    private static final PoolIdentity SERVER = new PoolIdentity("p", "server", "c1", "tcp://127.0.0.1:7000", "s3cret");
    private static final PoolIdentity CLIENT = new PoolIdentity("p", "client", "c1", "tcp://127.0.0.1:7001", "s3cret");
    /** A frame, a pipeline and a handshake's messages cost little; what grows with the input is its frames. */
    private static final UntrustedInput.Bound BOUND = new UntrustedInput.Bound(8 << 20, 64);

    /** Every refusal is logged once per connection: millions of lines while fuzzing. */
    private static final Logger NET_LOG = Logger.getLogger("satin.net");
    private static Level level;

    @BeforeAll
    static void quiet() {
        level = NET_LOG.getLevel();
        NET_LOG.setLevel(Level.OFF);
    }

    @AfterAll
    static void loud() {
        NET_LOG.setLevel(level);
    }

    /** Frames are cut by their length, and none before the handshake is longer than its small limit. */
    @FuzzTest
    void frames(byte[] stream) throws Throwable {
        UntrustedInput.read(stream.length, BOUND, () -> {
            EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(FrameFormat.DEFAULT_MAX_FRAME));
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(stream));
            } catch (DecoderException e) {
                assertTrue(CloseOnError.expected(e), () -> "taken for an internal error: " + e);
            }
            int read = 0;
            for (ByteBuf f; (f = ch.readInbound()) != null; f.release()) {
                assertTrue(f.readableBytes() <= FrameDecoder.UNTRUSTED_MAX_FRAME, "a frame over the limit");
                read += FrameFormat.LENGTH_BYTES + f.readableBytes();
            }
            assertTrue(read <= stream.length, "frames of more bytes than came");
            ch.finishAndReleaseAll();
            return null;
        });
    }

    /** A frame's body is a message that writes back to exactly its bytes, or a protocol error. */
    @FuzzTest
    void messages(byte[] body) throws Throwable {
        UntrustedInput.read(body.length, BOUND, () -> {
            EmbeddedChannel ch = new EmbeddedChannel(new MessageDecoder());
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(body));
                Message m = ch.readInbound();
                assertArrayEquals(body, ByteBufUtil.getBytes(Frames.body(m)), "accepted bytes that write back otherwise");
            } catch (DecoderException e) {
                assertTrue(CloseOnError.expected(e), () -> "taken for an internal error: " + e);
                assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a refusal without a reason");
            } finally {
                ch.finishAndReleaseAll();
            }
            return null;
        });
    }

    /**
     * A frame's body from an admitted peer, perhaps a batch: what is accepted writes back to
     * exactly its bytes (a batch as the coalescer writes its messages), or it is a protocol error
     * and nothing of it passes.
     */
    @FuzzTest
    void batches(byte[] body) throws Throwable {
        UntrustedInput.read(body.length, BOUND, () -> {
            EmbeddedChannel ch = new EmbeddedChannel(new MessageDecoder());
            ch.pipeline().fireUserEventTriggered(new Handshake.Admitted("n", "c", "local://n"));
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(body));
                List<Message> got = new ArrayList<>();
                for (Message m; (m = ch.readInbound()) != null;) {
                    got.add(m);
                }
                assertArrayEquals(body, writtenBack(got), "accepted bytes that write back otherwise");
            } catch (DecoderException e) {
                assertTrue(CloseOnError.expected(e), () -> "taken for an internal error: " + e);
                assertTrue(ch.inboundMessages().isEmpty(), "a message of a refused frame passed");
            } finally {
                ch.finishAndReleaseAll();
            }
            return null;
        });
    }

    /** One message as its frame's body, several as the coalescer's batch of them. */
    private static byte[] writtenBack(List<Message> messages) {
        if (messages.size() == 1) {
            return ByteBufUtil.getBytes(Frames.body(messages.get(0)));
        }
        List<ByteBuf> bodies = new ArrayList<>(messages.stream().map(Frames::body).toList());
        int bytes = Coalescer.batchFrameBytes(bodies.stream().mapToInt(b -> FrameFormat.LENGTH_BYTES + b.readableBytes())
                .toArray()) - FrameFormat.LENGTH_BYTES;
        ByteBuf batch = Coalescer.batch(io.netty.buffer.UnpooledByteBufAllocator.DEFAULT, bodies, bytes);
        try {
            return ByteBufUtil.getBytes(batch);
        } finally {
            batch.release();
        }
    }

    /** What a stranger sends an accepting end after the plain preamble: nothing reaches the inbox. */
    @FuzzTest
    void beforeTheHandshake(byte[] stream) throws Throwable {
        strangerSays(SERVER, true, stream);
    }

    /** What an accepting end (or whoever answers) says to a dialling end: no admission without the secret. */
    @FuzzTest
    void dialling(byte[] stream) throws Throwable {
        strangerSays(CLIENT, false, stream);
    }

    private static void strangerSays(PoolIdentity self, boolean accepting, byte[] stream) throws Throwable {
        UntrustedInput.read(stream.length, BOUND, () -> {
            PipelineTest.Recorder inbox = new PipelineTest.Recorder();
            Watched end = new Watched(self, accepting, inbox);
            if (accepting) {
                end.receive(PlainPreamble.BYTES); // past the first check, as a plain peer
            }
            end.receive(stream);
            assertEquals(List.of(), inbox.events, "admitted without the pool's secret");
            end.finish();
            return null;
        });
    }

    /** What an admitted peer sends: messages reach the inbox, or the connection closes with a reason. */
    @FuzzTest
    void afterTheHandshake(byte[] stream) throws Throwable {
        UntrustedInput.read(stream.length, BOUND, () -> {
            PipelineTest.Recorder inbox = new PipelineTest.Recorder();
            Watched server = new Watched(SERVER, true, inbox);
            Watched client = new Watched(CLIENT, false, new PipelineTest.Recorder());
            PipelineTest.pump(server.ch, client.ch);
            assertEquals("opened client", inbox.events.get(0), "the handshake did not admit the client");
            client.finish();
            server.receive(stream);
            List<Object> after = inbox.events.subList(1, inbox.events.size());
            for (Object e : after) {
                assertTrue(e instanceof Message || e.equals("closed"), () -> "told the inbox " + e);
            }
            int closed = after.indexOf("closed");
            assertTrue(closed < 0 || closed == after.size() - 1, () -> "the inbox heard after the close: " + after);
            server.finish();
            return null;
        });
    }

    private static final PoolIdentity RELAYING = new PoolIdentity("p", "n", "east", "", "s3cret");
    private static final RelayRoute ROUTE = new RelayRoute(List.of("tcp://10.0.0.1:4000", "tcp://10.0.1.1:4001"),
            "tcp://10.0.1.7:5000");

    /**
     * What a relay of a front-end, or whoever answers in its place, says to a dialling end
     * ({@link RelayHop}): the dialer answers only greetings, one per relay of its route, each with a
     * request for the next hop; its link begins only after the last relay said it reached the
     * target; anything else closes the connection with a refusal a person can read.
     */
    @FuzzTest
    void relaysSay(byte[] stream) throws Throwable {
        UntrustedInput.read(stream.length, BOUND, () -> {
            List<Throwable> caught = new ArrayList<>();
            List<String> linkSaw = new ArrayList<>();
            EmbeddedChannel ch = new EmbeddedChannel(new RelayHop(RELAYING, ROUTE, TimeUnit.SECONDS.toNanos(10)),
                    new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelActive(ChannelHandlerContext ctx) {
                            linkSaw.add("active");
                        }

                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ((ByteBuf) msg).release();
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            caught.add(cause);
                            ctx.close();
                        }
                    });
            ch.writeInbound(Unpooled.wrappedBuffer(stream));
            int answered = checkRequests(ch);
            assertTrue(answered <= ROUTE.hops().size(), "answered " + answered + " greetings on a route of "
                    + ROUTE.hops().size() + " relays");
            if (linkSaw.contains("active")) {
                assertEquals(ROUTE.hops().size(), answered, "the link began before every relay was answered");
            }
            for (Throwable t : caught) {
                assertTrue(CloseOnError.expected(t), () -> "taken for an internal error: " + t);
                assertTrue(t.getMessage() != null && !t.getMessage().isBlank(), "a refusal without a reason");
            }
            ch.checkException();
            ch.finishAndReleaseAll();
            return null;
        });
    }

    /** The lines the dialer sent: each a request for the next hop of its route, in order. */
    private static int checkRequests(EmbeddedChannel ch) {
        int answered = 0;
        for (ByteBuf b; (b = ch.readOutbound()) != null; b.release()) {
            for (String line : b.toString(StandardCharsets.US_ASCII).split("\n")) {
                RelayProtocol.Request r = RelayProtocol.parse(line);
                boolean last = answered == ROUTE.hops().size() - 1;
                assertEquals(last ? ROUTE.target() : ROUTE.hops().get(answered + 1), r.next(), "request " + answered);
                answered++;
            }
        }
        return answered;
    }

    /** The seeds: what two relays of the pool say on the way to a member, and their refusals. */
    @Test
    void theSeedsAreWhatRelaysSay() throws Exception {
        String first = RelayProtocol.greeting(new byte[16]) + "\n";
        byte[] nonce = new byte[16];
        java.util.Arrays.fill(nonce, (byte) 0x5a);
        String second = RelayProtocol.greeting(nonce) + "\n";
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("through", bytes(first + second + RelayProtocol.OK + "\nfirst bytes of the link"));
        seeds.put("refused", bytes(first + RelayProtocol.REFUSED + "tcp://10.0.1.1:4001 is not at a host of pool p\n"));
        seeds.put("unreachable", bytes(first + second + RelayProtocol.UNREACHABLE + "cannot reach tcp://10.0.1.7:5000\n"));
        Seeds.check(NetFuzzTest.class, "relaysSay", seeds);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * An end's whole pipeline on an embedded channel, with every exception that reaches its last
     * handler kept: one the pipeline takes for its own fault (not the peer's) is a finding.
     */
    private static final class Watched {
        final EmbeddedChannel ch;
        final List<Throwable> caught = new ArrayList<>();

        Watched(PoolIdentity self, boolean accepting, Inbox inbox) {
            ch = new EmbeddedChannel(new PipelineInitializer(self, accepting, FrameFormat.DEFAULT_MAX_FRAME, inbox));
            ch.pipeline().addBefore("errors", "watch", new ChannelInboundHandlerAdapter() {
                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    caught.add(cause);
                    ctx.fireExceptionCaught(cause);
                }
            });
        }

        void receive(byte[] bytes) {
            if (ch.isActive()) {
                ch.writeInbound(Unpooled.wrappedBuffer(bytes)); // throws what reached the pipeline's end
            }
        }

        /** Closes the connection, releasing what it holds, and fails on an internal error it met. */
        void finish() throws Throwable {
            ch.checkException();
            ch.finishAndReleaseAll();
            for (Throwable t : caught) {
                if (!CloseOnError.expected(t)) {
                    throw t;
                }
            }
        }
    }

    /** The seeds: what the real encoders and a real peer's pipeline write. */
    @Test
    void theSeedsAreWhatTheEncodersWrite() throws Exception {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        Map<String, byte[]> framed = new LinkedHashMap<>();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Message m : Frames.everyMessage()) {
            byte[] body = ByteBufUtil.getBytes(Frames.body(m));
            String name = m.type().name().toLowerCase(java.util.Locale.ROOT);
            name = bodies.containsKey(name) ? name + "-2" : name;
            bodies.put(name, body);
            byte[] frame = frame(body);
            framed.put(name, frame);
            all.write(frame);
        }
        framed.put("every-message", all.toByteArray());
        byte[] batch = writtenBack(Frames.everyMessage());
        Map<String, byte[]> batches = new LinkedHashMap<>(bodies);
        batches.put("batch-of-every-message", batch);
        framed.put("batch-of-every-message", frame(batch));
        Seeds.check(NetFuzzTest.class, "frames", framed);
        Seeds.check(NetFuzzTest.class, "messages", bodies);
        Seeds.check(NetFuzzTest.class, "batches", batches);
        Seeds.check(NetFuzzTest.class, "afterTheHandshake", framed);

        // a handshake's messages as the ends write them; their nonces are random in a real one, and
        // no input can answer the accepting end's: fuzzing never gets past its check of the secret
        byte[] nonce = new byte[16];
        byte[] hello = frame(ByteBufUtil.getBytes(Frames.body(new Message.Hello(CLIENT.pool(), CLIENT.node(),
                CLIENT.cluster(), CLIENT.address(), nonce, CLIENT.sign("hello", nonce)))));
        byte[] challenge = frame(ByteBufUtil.getBytes(Frames.body(new Message.Challenge(nonce))));
        byte[] welcome = frame(ByteBufUtil.getBytes(Frames.body(new Message.Welcome(SERVER.sign("welcome", nonce)))));
        Seeds.check(NetFuzzTest.class, "beforeTheHandshake", Map.of("hello", hello,
                "refused", framed.get("refused"), "hello-then-more", concat(hello, framed.get("every-message"))));
        Seeds.check(NetFuzzTest.class, "dialling", Map.of("challenge", challenge,
                "challenge-then-welcome", concat(challenge, welcome), "refused", framed.get("refused")));
    }

    private static byte[] frame(byte[] body) {
        ByteBuf b = Unpooled.buffer().writeInt(body.length).writeBytes(body);
        return ByteBufUtil.getBytes(b);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
