package satin.net;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Random and mutated frames, fed to the decoders and to the whole accepting pipeline: whatever
 * arrives, the pipeline never lets an exception escape and never accepts a frame it cannot read; it
 * decodes, waits for more bytes, or closes the connection.
 */
class DecoderFuzzTest {

    private static final int CASES = 20_000;

    @Test
    void theMessageDecoderDecodesExactlyOrRefusesWithAProtocolError() {
        SplittableRandom random = new SplittableRandom(2026);
        List<Message> seeds = Frames.everyMessage();
        int decoded = 0;
        int refused = 0;
        for (int i = 0; i < CASES; i++) {
            byte[] body = ByteBufUtil.getBytes(Frames.body(seeds.get(random.nextInt(seeds.size()))));
            byte[] input = random.nextInt(4) == 0 ? randomBytes(random) : mutate(body, random);
            EmbeddedChannel ch = new EmbeddedChannel(new MessageDecoder());
            try {
                ch.writeInbound(Unpooled.wrappedBuffer(input));
                Message m = ch.readInbound();
                // anything accepted must be exactly what re-encoding gives back
                assertTrue(java.util.Arrays.equals(input, ByteBufUtil.getBytes(Frames.body(m))),
                        "accepted bytes that do not re-encode the same: " + ByteBufUtil.hexDump(input));
                decoded++;
            } catch (io.netty.handler.codec.DecoderException e) {
                // a peer's bytes are refused as the peer's fault, never logged as this node's internal error
                assertTrue(CloseOnError.expected(e), () -> "refused as an internal error: " + e + " for "
                        + ByteBufUtil.hexDump(input));
                refused++;
            }
        }
        assertTrue(decoded > 100 && refused > 100, decoded + " decoded, " + refused + " refused");
    }

    @Test
    void theWholePipelineSurvivesGarbageAndClosesOnlyTheOffendingConnection() {
        SplittableRandom random = new SplittableRandom(7);
        int closed = 0;
        for (int i = 0; i < CASES / 4; i++) {
            PipelineTest.Recorder inbox = new PipelineTest.Recorder();
            EmbeddedChannel ch = PipelineTest.channel(new PoolIdentity("p", "server", "c", "", "secret"), true, inbox);
            byte[] stream = random.nextBoolean() ? randomBytes(random)
                    : ByteBufUtil.getBytes(mutatedFrame(random));
            ch.writeInbound(Unpooled.wrappedBuffer(stream)); // throws if an exception reached the end of the pipeline
            ch.checkException();
            assertTrue(inbox.events.isEmpty(), "nothing passes the handshake without the secret");
            if (!ch.isActive()) {
                closed++;
            }
            ch.finishAndReleaseAll();
        }
        assertTrue(closed > 0);
    }

    private static ByteBuf mutatedFrame(SplittableRandom random) {
        List<Message> seeds = Frames.everyMessage();
        byte[] body = ByteBufUtil.getBytes(Frames.body(seeds.get(random.nextInt(seeds.size()))));
        byte[] mutated = mutate(body, random);
        ByteBuf frame = Unpooled.buffer();
        frame.writeInt(random.nextInt(8) == 0 ? random.nextInt() : mutated.length);
        frame.writeBytes(mutated);
        return frame;
    }

    private static byte[] randomBytes(SplittableRandom random) {
        byte[] b = new byte[random.nextInt(64)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }

    /** Flips, inserts, deletes or truncates a few bytes of a valid message. */
    private static byte[] mutate(byte[] valid, SplittableRandom random) {
        byte[] b = valid.clone();
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && b.length > 0; e++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0 -> b[at] = (byte) random.nextInt(256);
                case 1 -> b = java.util.Arrays.copyOf(b, at);
                case 2 -> {
                    byte[] longer = java.util.Arrays.copyOf(b, b.length + 1);
                    System.arraycopy(b, at, longer, at + 1, b.length - at);
                    longer[at] = (byte) random.nextInt(256);
                    b = longer;
                }
                default -> b[at] ^= (byte) (1 << random.nextInt(8));
            }
        }
        return b;
    }
}
