package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * On an accepting TCP end, tells from a connection's first bytes whether the peer speaks TLS or
 * plain (after {@link PlainPreamble}'s bytes), puts a TLS handler in front when it is TLS, and
 * only then lets the rest of the pipeline know the connection is active: the handshake's
 * challenge must go out encrypted to a TLS peer. Anything else is refused, with the reason logged
 * once, before any decoder sees it; so is a peer that says nothing within the handshake's time.
 */
final class TlsOrPlain extends ChannelInboundHandlerAdapter {

    private static final System.Logger LOG = System.getLogger("satin.net");
    /** The TLS handler's name in every pipeline, dialing or accepting: asking for the class would load TLS. */
    static final String TLS_HANDLER = "tls";
    /** Enough to tell: the preamble's length, and a TLS record header's. */
    private static final int FIRST = PlainPreamble.BYTES.length;
    private static final ByteBuf PREAMBLE = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(PlainPreamble.BYTES));

    /** Null where TLS is off. */
    private final Supplier<SslHandler> tls;
    private final long timeoutNanos;
    private ByteBuf first;
    private ScheduledFuture<?> timeout;
    private boolean refused;

    TlsOrPlain(Supplier<SslHandler> tls, long timeoutNanos) {
        this.tls = tls;
        this.timeoutNanos = timeoutNanos;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        // not passed on yet: the handshake would start talking before this end knows how
        timeout = ctx.executor().schedule(() -> refuse(ctx, "no handshake within "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"), timeoutNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf in = (ByteBuf) msg;
        if (refused) {
            in.release();
            return;
        }
        if (first == null) {
            first = ctx.alloc().buffer(FIRST);
        }
        first.writeBytes(in, Math.min(in.readableBytes(), FIRST - first.readableBytes()));
        if (first.readableBytes() < FIRST) {
            in.release();
            return;
        }
        ByteBuf all = ctx.alloc().compositeBuffer(2).addComponents(true, first, in);
        first = null;
        decide(ctx, all);
    }

    private void decide(ChannelHandlerContext ctx, ByteBuf all) {
        // the plain preamble first: SslHandler's class alone loads the JDK's TLS, some 600 classes
        if (ByteBufUtil.equals(all, all.readerIndex(), PREAMBLE, 0, FIRST)) {
            all.skipBytes(FIRST);
        } else if (SslHandler.isEncrypted(all, false)) {
            if (tls == null) {
                all.release();
                refuse(ctx, "TLS offered, but TLS is off at this end (-D" + TlsPolicy.PROPERTY + "=off)");
                return;
            }
            ctx.pipeline().addBefore(ctx.name(), TLS_HANDLER, tls.get());
        } else {
            all.release();
            refuse(ctx, "neither TLS nor satin's plain preamble: not a satin node");
            return;
        }
        timeout.cancel(false);
        ctx.fireChannelActive();
        ctx.pipeline().remove(this);
        // from the head: through the TLS handler just put in front of this one, if any
        ctx.pipeline().fireChannelRead(all);
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        if (!refused) {
            refused = true;
            LOG.log(Level.WARNING, "refusing connection from {0}: {1}", ctx.channel().remoteAddress(), reason);
            ctx.fireUserEventTriggered(new Handshake.Refusal(reason));
            ctx.close();
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (first != null) {
            first.release();
            first = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (timeout != null) {
            timeout.cancel(false);
        }
        super.channelInactive(ctx);
    }
}
