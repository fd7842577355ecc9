package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a peer that has proved nothing says about itself (its pool's and node's names in a hello,
 * the reason in a refusal) is logged as one short line whatever it holds: a stranger's newline
 * must not write a second, forged log line, nor its 60,000 characters flood the log.
 */
class UntrustedTextTest {

    private static final String FORGED = "x\n2026-11-27 WARNING satin.pool: member 1 died";
    private static final String LONG = "y".repeat(60_000);

    private final LogCapture log = LogCapture.of("satin.net");
    private final List<EmbeddedChannel> made = new ArrayList<>();

    @AfterEach
    void release() {
        made.forEach(EmbeddedChannel::finishAndReleaseAll);
        log.close();
    }

    private EmbeddedChannel open(PoolIdentity self, boolean accepting) {
        EmbeddedChannel ch = new EmbeddedChannel(new PipelineInitializer(self, accepting, 1 << 20,
                new PipelineTest.Recorder()));
        made.add(ch);
        return ch;
    }

    private static PoolIdentity identity(String pool, String node, String secret) {
        return new PoolIdentity(pool, node, "c1", "local://n", secret);
    }

    private void assertOneShortLine(String containing) {
        List<String> lines = log.containing(containing);
        assertEquals(1, lines.size(), log.lines().toString());
        String line = lines.get(0);
        assertFalse(line.contains("\n") || line.contains("\r"), "one line: " + line);
        assertTrue(line.length() < 600, "short: " + line.length() + " characters");
        assertTrue(line.contains("\\n2026-11-27 WARNING"), "the newline shown, not written: " + line);
    }

    @Test
    void aStrangersNodeNameIsLoggedOnOneShortLine() {
        EmbeddedChannel server = open(identity("p", "server", "s3cret"), true);
        EmbeddedChannel stranger = open(identity("p", FORGED + LONG, "guess"), false);
        PipelineTest.pump(server, stranger);
        assertFalse(server.isActive());
        assertOneShortLine("refusing connection from embedded: wrong pool secret");
    }

    @Test
    void aStrangersPoolNameIsLoggedOnOneShortLine() {
        EmbeddedChannel server = open(identity("p", "server", "s3cret"), true);
        EmbeddedChannel stranger = open(identity(FORGED + LONG, "node", "s3cret"), false);
        PipelineTest.pump(server, stranger);
        assertFalse(server.isActive());
        assertOneShortLine("refusing connection from embedded: pool");
    }

    /** The accepting end has proved nothing either when it refuses: its reason is a stranger's text. */
    @Test
    void aRefusalFromAnEndThatProvedNothingIsLoggedOnOneShortLine() {
        EmbeddedChannel dialer = open(identity("p", "client", "s3cret"), false);
        ByteBuf frame = Unpooled.buffer();
        MessageType.write(new Message.Refused(FORGED + LONG), frame);
        byte[] body = new byte[frame.readableBytes()];
        frame.readBytes(body);
        frame.release();
        dialer.writeInbound(Frames.frame(FrameFormat.VERSION, MessageType.REFUSED.code(), body));
        assertFalse(dialer.isActive());
        assertOneShortLine("refused by");
    }
}
