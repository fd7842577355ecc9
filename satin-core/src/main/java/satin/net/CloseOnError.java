package satin.net;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import java.lang.System.Logger.Level;

/**
 * The last handler: whatever went wrong on a connection (a frame too long, truncated or of an
 * unknown type, a broken protocol) closes that connection, with the reason logged; the node goes on.
 */
@ChannelHandler.Sharable
public final class CloseOnError extends ChannelInboundHandlerAdapter {

    private static final System.Logger LOG = System.getLogger("satin.net");
    private static final io.netty.util.AttributeKey<Boolean> SAID = io.netty.util.AttributeKey.valueOf("satin.errorLogged");

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a write racing a close has nothing to say, nor has an error after the first (a TLS engine
        // reports a broken record, then the handshake it broke, as it closes): one line per connection
        if (!(cause instanceof java.nio.channels.ClosedChannelException) && ctx.channel().attr(SAID).setIfAbsent(true) == null) {
            String line = "closing the connection with " + ctx.channel().remoteAddress() + ": " + reason(cause);
            if (expected(cause)) {
                LOG.log(Level.WARNING, line);
            } else {
                // a fault in this node's code or its libraries, not in what the peer sent: whoever
                // reports it needs where it happened, so its trace follows the line
                LOG.log(Level.WARNING, line + " (an internal error, not the peer's; its trace follows)", cause);
            }
        }
        ctx.close();
    }

    /** Whether the cause is one a peer or the network can bring about: a broken protocol, link or TLS. */
    static boolean expected(Throwable cause) {
        Throwable t = unwrapped(cause);
        // a decoder's own refusal (a frame too long, a corrupt one) is a DecoderException without a cause
        return t instanceof ProtocolException || t instanceof DecoderException || t instanceof java.io.IOException;
    }

    /** What went wrong inside the decoders' wrappers. */
    private static Throwable unwrapped(Throwable cause) {
        Throwable t = cause;
        while (t instanceof DecoderException && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The reason a person can read: the protocol problem, not the decoder's wrapper. */
    public static String reason(Throwable cause) {
        Throwable t = unwrapped(cause);
        if (t instanceof javax.net.ssl.SSLHandshakeException) {
            // every holder of the secret derives one CA: a certificate it did not sign means another secret
            boolean certificate = String.valueOf(t.getMessage()).matches("(?s).*(PKIX|[Cc]ert[Pp]ath|certificate).*");
            return "TLS handshake failed" + (certificate ? ": the two ends hold different pool secrets" : "") + " ("
                    + t.getMessage() + ")";
        }
        if (t instanceof TooLongFrameException) {
            return "frame too long (" + t.getMessage() + ")";
        }
        if (t instanceof java.io.IOException && !(t instanceof javax.net.ssl.SSLException) && t.getMessage() != null) {
            return "the connection broke (" + t.getMessage() + ")"; // the peer went: no class name for it
        }
        return t instanceof ProtocolException ? t.getMessage() : t.toString();
    }
}
