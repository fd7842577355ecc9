package satin.relay;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import satin.net.PoolIdentity;
import satin.net.ProtocolException;
import satin.net.RelayProtocol;

/**
 * A relay's first handler on each connection it accepts: it greets with a nonce, reads the one
 * line that says where to go, and splices the connection through only when that line proves the
 * pool's secret and names a host of the pool. Until then the connection counts against the bound
 * on unproven ones, may send one short line, and has a deadline; a refusal says why and closes.
 */
final class RelayGate extends ByteToMessageDecoder {

    private static final System.Logger LOG = System.getLogger("satin.relay");

    private final RelayServer server;
    private final byte[] nonce = PoolIdentity.nonce();
    private ScheduledFuture<?> deadline;
    private boolean counted;
    private boolean asked;

    RelayGate(RelayServer server) {
        this.server = server;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (!server.unproven().tryAcquire()) {
            LOG.log(Level.WARNING, "relay: refusing {0}: {1} connections already await their proof",
                    ctx.channel().remoteAddress(), server.limits().unproven());
            ctx.close();
            return;
        }
        counted = true;
        deadline = ctx.executor().schedule(() -> refuse(ctx, RelayProtocol.UNREACHABLE, "no request within "
                + server.limits().deadlineMillis() + " ms"), server.limits().deadlineMillis(), TimeUnit.MILLISECONDS);
        ctx.writeAndFlush(text(RelayProtocol.greeting(nonce)));
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (asked) {
            return; // the dialer sends nothing more until it hears back; what does arrive is spliced on
        }
        String line;
        try {
            line = RelayProtocol.line(in);
        } catch (ProtocolException e) {
            refuse(ctx, RelayProtocol.REFUSED, e.getMessage());
            return;
        }
        if (line == null) {
            return;
        }
        asked = true;
        RelayProtocol.Request r;
        try {
            r = RelayProtocol.parse(line);
        } catch (ProtocolException | IllegalArgumentException e) {
            refuse(ctx, RelayProtocol.REFUSED, e.getMessage());
            return;
        }
        if (!RelayProtocol.proves(server.identity(), nonce, r)) {
            refuse(ctx, RelayProtocol.REFUSED, "the request does not prove the secret of pool " + server.identity().pool());
            return;
        }
        String host = server.allowedHost(r.next());
        if (host == null) {
            refuse(ctx, RelayProtocol.REFUSED, r.next() + " is not at a host of pool " + server.identity().pool());
            return;
        }
        if (!server.spliced(ctx.channel())) {
            refuse(ctx, RelayProtocol.UNREACHABLE, "the relay carries " + server.limits().links() + " connections already");
            return;
        }
        connect(ctx, r, host);
    }

    private void connect(ChannelHandlerContext ctx, RelayProtocol.Request r, String host) {
        Channel in = ctx.channel();
        in.config().setAutoRead(false);
        int port = Integer.parseInt(r.next().substring(r.next().lastIndexOf(':') + 1));
        ChannelFuture dialled = new Bootstrap().group(in.eventLoop()).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true).option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) server.limits().deadlineMillis())
                .handler(new Splice(in)).connect(new InetSocketAddress(host, port));
        in.closeFuture().addListener(f -> dialled.channel().close());
        dialled.addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                refuse(ctx, RelayProtocol.UNREACHABLE, "cannot reach " + r.next() + ": " + f.cause().getMessage());
                return;
            }
            through(ctx, f.channel(), r.kind() == RelayProtocol.Kind.TARGET);
        });
    }

    /** Proven and connected: from here on the relay only copies bytes, both ways. */
    private void through(ChannelHandlerContext ctx, Channel out, boolean target) {
        deadline.cancel(false);
        release();
        if (target) {
            ctx.writeAndFlush(text(RelayProtocol.OK));
        }
        ctx.pipeline().addLast(new Splice(out));
        ctx.pipeline().remove(this);
        ctx.channel().config().setAutoRead(true);
        out.config().setAutoRead(true);
    }

    /** Says why ({@code word}: {@link RelayProtocol#REFUSED} or {@link RelayProtocol#UNREACHABLE}) and closes. */
    private void refuse(ChannelHandlerContext ctx, String word, String why) {
        if (!ctx.channel().isActive()) {
            return;
        }
        LOG.log(Level.WARNING, "relay: refusing {0}: {1}", ctx.channel().remoteAddress(), why);
        release(); // before the close is seen: the next stranger finds the bound free
        ctx.writeAndFlush(text(word + why.replaceAll("[\\r\\n]", " "))).addListener(ChannelFutureListener.CLOSE);
    }

    private void release() {
        if (counted) {
            counted = false;
            server.unproven().release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (deadline != null) {
            deadline.cancel(false);
        }
        release();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private static ByteBuf text(String line) {
        return Unpooled.copiedBuffer(line + "\n", StandardCharsets.US_ASCII);
    }
}
