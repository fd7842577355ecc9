package satin.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.lang.System.Logger.Level;

/**
 * On an accepting TCP end, refuses a plain connection whose hello names a cluster the policy
 * requires TLS with: only the hello tells the cluster, so a plain connection is read that far.
 * It goes no further (the handshake never answers it), and the refusal is logged once.
 */
final class TlsRequired extends ChannelInboundHandlerAdapter {

    private static final System.Logger LOG = System.getLogger("satin.net");

    private final String cluster;
    private final TlsPolicy policy;

    TlsRequired(String cluster, TlsPolicy policy) {
        this.cluster = cluster;
        this.policy = policy;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Message.Hello h) {
            ctx.pipeline().remove(this);
            if (ctx.pipeline().get(TlsOrPlain.TLS_HANDLER) == null
                    && policy.requiredBetween(cluster, h.cluster(), () -> fromThisHost(ctx)) && !registryOnThisHost(ctx)) {
                String reason = "a plain connection from cluster '" + h.cluster() + "' to cluster '" + cluster
                        + "', which -D" + TlsPolicy.PROPERTY + "=" + policy + " requires to be TLS";
                LOG.log(Level.WARNING, "refusing connection from {0}: {1}", ctx.channel().remoteAddress(), reason);
                ctx.fireUserEventTriggered(new Handshake.Refusal(reason));
                ctx.writeAndFlush(new Message.Refused(reason)).addListener(f -> ctx.close());
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    /** A registry (of no cluster) under {@code wan} takes plain links from its own host: see {@link PipelineInitializer#toRegistry}. */
    private boolean registryOnThisHost(ChannelHandlerContext ctx) {
        return cluster.isEmpty() && policy == TlsPolicy.WAN && fromThisHost(ctx);
    }

    /** Whether the peer dialed from this host's loopback interface (which nothing off the host can send from). */
    private static boolean fromThisHost(ChannelHandlerContext ctx) {
        return ctx.channel().remoteAddress() instanceof java.net.InetSocketAddress a
                && a.getAddress() != null && a.getAddress().isLoopbackAddress();
    }
}
