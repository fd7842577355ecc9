package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.IllegalReferenceCountException;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a closed connection leaves in the log: a peer's fault (a broken protocol, a broken link)
 * is one readable line; a fault of this node's own code or libraries is the same line, marked as
 * internal, with its trace, since only the trace says where to look.
 */
class CloseOnErrorTest {

    @Test
    void whatAPeerCanCauseIsOneLineWithoutATrace() {
        for (Throwable peers : List.of(new ProtocolException("unknown message type 99"),
                new DecoderException(new ProtocolException("truncated STEAL message")),
                new TooLongFrameException("a frame of 9 bytes"), new IOException("Connection reset by peer"))) {
            try (LogCapture log = LogCapture.of("satin.net")) {
                EmbeddedChannel ch = new EmbeddedChannel(new CloseOnError());
                ch.pipeline().fireExceptionCaught(peers);
                assertFalse(ch.isOpen(), "closed after " + peers);
                assertEquals(1, log.containing("closing the connection").size(), () -> peers + ": " + log.lines());
                assertTrue(log.thrown().isEmpty(), () -> peers + " was logged with a trace");
                assertFalse(log.lines().get(0).contains("internal"), log.lines().get(0));
            }
        }
    }

    @Test
    void aFaultOfThisNodesOwnCodeIsMarkedAndKeepsItsTrace() {
        for (Throwable ours : List.of(new IllegalReferenceCountException(0),
                new DecoderException(new IllegalStateException("a bug")))) {
            try (LogCapture log = LogCapture.of("satin.net")) {
                EmbeddedChannel ch = new EmbeddedChannel(new CloseOnError());
                ch.pipeline().fireExceptionCaught(ours);
                assertFalse(ch.isOpen());
                List<String> lines = log.containing("closing the connection");
                assertEquals(1, lines.size(), log.lines()::toString);
                assertTrue(lines.get(0).contains("an internal error") && lines.get(0).contains(
                        ours.getCause() == null ? ours.toString() : ours.getCause().toString()), lines.get(0));
                assertEquals(1, log.thrown().size());
                assertSame(ours, log.thrown().get(0));
            }
        }
    }
}
