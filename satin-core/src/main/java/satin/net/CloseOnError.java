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
            LOG.log(Level.WARNING, "closing the connection with {0}: {1}", ctx.channel().remoteAddress(), reason(cause));
        }
        ctx.close();
    }

    /** The reason a person can read: the protocol problem, not the decoder's wrapper. */
    public static String reason(Throwable cause) {
        Throwable t = cause;
        while (t instanceof DecoderException && t.getCause() != null) {
            t = t.getCause();
        }
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
