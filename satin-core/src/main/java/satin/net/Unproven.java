package satin.net;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.local.LocalAddress;
import io.netty.util.AttributeKey;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.Map;
import satin.config.Settings;

/**
 * Bounds the connections one listener holds for peers that have not proved the pool's secret yet:
 * so many from one host, so many in all. Without a bound a stranger could open connections until
 * this process runs out of memory or file descriptors, each held until the handshake's deadline.
 * A connection over a bound is told why and closed, and the reason is logged with its address. A
 * connection stops counting once admitted or closed. In-VM connections come from this process,
 * which knows the secret, and are not counted: a pool in one JVM opens many at once.
 */
@ChannelHandler.Sharable
final class Unproven extends ChannelInboundHandlerAdapter {

    private static final System.Logger LOG = System.getLogger("satin.net");
    /** Where a counted connection counts: its host. */
    private static final AttributeKey<Object> COUNTED_AS = AttributeKey.valueOf("satin.unprovenFrom");

    /**
     * How many connections may await their handshake at once. The defaults leave room for a host
     * whose many nodes all join or first steal at the same moment.
     */
    record Limits(int perHost, int total) {
        static final String PER_HOST_PROPERTY = Settings.MAX_UNAUTHENTICATED_PER_HOST.name();
        static final String TOTAL_PROPERTY = Settings.MAX_UNAUTHENTICATED.name();
        static final Limits DEFAULT = new Limits(Settings.MAX_UNAUTHENTICATED_PER_HOST.defaultInt(),
                Settings.MAX_UNAUTHENTICATED.defaultInt());

        Limits {
            if (perHost < 1 || total < 1) {
                throw new IllegalArgumentException("limits on connections awaiting their handshake must be positive,"
                        + " not " + perHost + " per host and " + total + " in all");
            }
        }

        /**
         * The defaults, unless {@code -Dsatin.maxUnauthenticatedPerHost=N} or
         * {@code -Dsatin.maxUnauthenticated=N} say otherwise.
         */
        static Limits fromProperties() {
            return new Limits(Settings.MAX_UNAUTHENTICATED_PER_HOST.intValue(), Settings.MAX_UNAUTHENTICATED.intValue());
        }
    }

    private final Limits limits;
    /** Guarded by this: connections come and go on every event loop of the listener. */
    private final Map<Object, Integer> byHost = new HashMap<>();
    private int all;

    Unproven(Limits limits) {
        this.limits = limits;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        SocketAddress remote = ctx.channel().remoteAddress();
        Object host = hostOf(remote);
        if (host != null) {
            String refusal = count(host);
            if (refusal != null) {
                LOG.log(Level.WARNING, "refusing connection from {0}: {1}", remote, refusal);
                ctx.channel().writeAndFlush(new Message.Refused(refusal)).addListener(ChannelFutureListener.CLOSE);
                return; // the handshake never starts
            }
            ctx.channel().attr(COUNTED_AS).set(host);
        }
        super.channelActive(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted) {
            uncount(ctx);
            ctx.pipeline().remove(this);
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        uncount(ctx);
        super.channelInactive(ctx);
    }

    /** Counts a connection from {@code host}; the reason it may not be, or null. */
    private synchronized String count(Object host) {
        int fromHost = byHost.getOrDefault(host, 0);
        if (fromHost >= limits.perHost()) {
            return fromHost + " connections from " + host + " await their handshake already, the most one host may have"
                    + " (-D" + Limits.PER_HOST_PROPERTY + ")";
        }
        if (all >= limits.total()) {
            return all + " connections await their handshake already, the most this end takes (-D"
                    + Limits.TOTAL_PROPERTY + ")";
        }
        byHost.put(host, fromHost + 1);
        all++;
        return null;
    }

    private void uncount(ChannelHandlerContext ctx) {
        Object host = ctx.channel().attr(COUNTED_AS).getAndSet(null);
        if (host != null) {
            synchronized (this) {
                byHost.computeIfPresent(host, (h, n) -> n > 1 ? n - 1 : null);
                all--;
            }
        }
    }

    /** The host a remote address is on, or null for an in-VM peer. */
    private static Object hostOf(SocketAddress remote) {
        if (remote instanceof LocalAddress) {
            return null;
        }
        if (remote instanceof InetSocketAddress inet) {
            return inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
        }
        return String.valueOf(remote);
    }
}
