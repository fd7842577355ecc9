package satin.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;

/**
 * Admits a connection into the pool: both ends prove that they know the pool's secret, and the
 * pool names must match. The accepting end challenges first; the connecting end answers with who
 * it is and a challenge back. Until both are satisfied nothing else passes; a failure is answered
 * with the reason, logged, and the connection closed; so is a peer that has not finished within
 * the deadline. When it succeeds the handler leaves the pipeline and fires an {@link Admitted}
 * event with the peer's identity through the whole pipeline.
 */
public final class Handshake extends ChannelInboundHandlerAdapter {

    private static final System.Logger LOG = System.getLogger("satin.net");
    static final long TIMEOUT_SECONDS = 10;

    /** The peer, as it introduced itself and proved. */
    public record Admitted(String node, String cluster, String address) {
    }

    /** The connection was not admitted, for this reason: told to the inbox before it closes. */
    public record Refusal(String reason) {
    }

    private final PoolIdentity self;
    private final boolean accepting;
    private byte[] myNonce;
    private Message.Hello peer;
    /** How a refusal for want of a handshake in time begins. */
    static final String NO_HANDSHAKE = "no handshake within ";

    private ScheduledFuture<?> timeout;
    /**
     * Refused, and closing: the frames that came in the same read as the one refused are still
     * decoded, and each would earn a refusal, a log line and a REFUSED of its own.
     */
    private boolean refused;

    private final long timeoutNanos;

    public Handshake(PoolIdentity self, boolean accepting) {
        this(self, accepting, TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS));
    }

    /** A peer that has not finished the handshake within {@code timeoutNanos} is refused. */
    public Handshake(PoolIdentity self, boolean accepting, long timeoutNanos) {
        this.self = self;
        this.accepting = accepting;
        this.timeoutNanos = timeoutNanos;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        timeout = ctx.executor().schedule(() -> refuse(ctx, NO_HANDSHAKE
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"), timeoutNanos, TimeUnit.NANOSECONDS);
        if (accepting) {
            myNonce = PoolIdentity.nonce();
            ctx.writeAndFlush(new Message.Challenge(myNonce));
        }
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            return;
        }
        if (accepting && msg instanceof Message.Hello h) {
            if (!h.pool().equals(self.pool())) {
                refuse(ctx, "pool '" + Untrusted.shown(h.pool()) + "' is not this pool '" + self.pool() + "'");
            } else if (!self.verify("hello", myNonce, h.mac())) {
                refuse(ctx, "wrong pool secret from " + Untrusted.shown(h.node()) + " at " + ctx.channel().remoteAddress());
            } else {
                peer = h;
                ctx.writeAndFlush(new Message.Welcome(self.sign("welcome", h.nonce())));
                admit(ctx, new Admitted(h.node(), h.cluster(), h.address()));
            }
        } else if (!accepting && msg instanceof Message.Challenge c && myNonce == null) {
            myNonce = PoolIdentity.nonce();
            ctx.writeAndFlush(new Message.Hello(self.pool(), self.node(), self.cluster(), self.address(), myNonce,
                    self.sign("hello", c.nonce())));
        } else if (!accepting && msg instanceof Message.Welcome w && myNonce != null) {
            if (self.verify("welcome", myNonce, w.mac())) {
                admit(ctx, new Admitted("", "", String.valueOf(ctx.channel().remoteAddress())));
            } else {
                refuse(ctx, "the accepting end at " + ctx.channel().remoteAddress() + " does not know the pool secret");
            }
        } else if (msg instanceof Message.Refused r) {
            refused = true;
            String reason = Untrusted.shown(r.reason()); // the end that refuses has proved nothing either
            LOG.log(Level.WARNING, "refused by {0}: {1}", ctx.channel().remoteAddress(), reason);
            ctx.fireUserEventTriggered(new Refusal("refused by " + ctx.channel().remoteAddress() + ": " + reason));
            ctx.close();
        } else {
            refuse(ctx, "a " + ((Message) msg).type() + " message before the handshake finished");
        }
    }

    /** A TLS handshake that failed is this handshake's failure too: whoever waits for the peer learns why. */
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        // a TLS handshake cut short by a close was not judged: the close says so (Inbox.CLOSED_UNPROVEN)
        if (event instanceof SslHandshakeCompletionEvent tls && !tls.isSuccess()
                && !(tls.cause() instanceof java.nio.channels.ClosedChannelException)) {
            cancelTimeout();
            ctx.fireUserEventTriggered(new Refusal(CloseOnError.reason(tls.cause()) + ", with "
                    + ctx.channel().remoteAddress()));
        }
        super.userEventTriggered(ctx, event);
    }

    /**
     * A connection that closes before its handshake ends has said all it will: its deadline must
     * not go off later, log a refusal that never happened and give up what waits for the peer a
     * second time (by then, perhaps, on a new connection to it).
     */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        cancelTimeout();
        super.channelInactive(ctx);
    }

    private void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    /**
     * Told to the whole pipeline, not only what follows: the handlers before the handshake (the
     * frame limit, the bound on connections awaiting their handshake) trust the peer from now on.
     */
    private void admit(ChannelHandlerContext ctx, Admitted admitted) {
        cancelTimeout();
        ctx.pipeline().remove(this);
        ctx.pipeline().fireUserEventTriggered(admitted);
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        if (refused) {
            return; // the deadline, after a refusal whose close is still being written
        }
        refused = true;
        LOG.log(Level.WARNING, "refusing connection from {0}: {1}", ctx.channel().remoteAddress(), reason);
        cancelTimeout();
        ctx.fireUserEventTriggered(new Refusal(reason));
        ctx.writeAndFlush(new Message.Refused(reason)).addListener(f -> ctx.close());
    }

    /** The peer's hello, on the accepting end, once admitted. */
    Message.Hello peer() {
        return peer;
    }
}
