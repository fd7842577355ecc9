package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The dialing end's talk with the relays of a {@link RelayRoute}, before anything of the link's own
 * protocol: it answers each relay's greeting with the next hop, signed with the pool's secret, and
 * once the last relay says it reached the target, it leaves the pipeline and lets the link begin
 * (TLS, the preamble and the handshake see a connection to the target, end to end). A relay that
 * cannot reach the target now, says something else or stays silent past the deadline closes the
 * connection, which the node dials again as it would any link that failed to form; one that refuses
 * the request (the secret, the host) is a refusal, as the target's own would be.
 */
final class RelayHop extends ByteToMessageDecoder {

    private static final System.Logger LOG = System.getLogger("satin.net");

    private final PoolIdentity self;
    private final RelayRoute route;
    private final long timeoutNanos;
    /** How many relays have been answered. */
    private int answered;
    private ScheduledFuture<?> deadline;

    RelayHop(PoolIdentity self, RelayRoute route, long timeoutNanos) {
        this.self = self;
        this.route = route;
        this.timeoutNanos = timeoutNanos;
    }

    /** The link's own handlers learn that the connection is active only once it reaches the target. */
    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        deadline = ctx.executor().schedule(() -> {
            LOG.log(System.Logger.Level.WARNING, "no answer from the relays on the way to " + route + " within "
                    + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms; closing the connection");
            ctx.close();
        }, timeoutNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Set once a relay's talk broke the protocol: the connection closes, and what came after is not
     * read. Found by fuzzing: the decoder read the rest as the connection closed, and a greeting and
     * an "ok" there began the link on a closed connection.
     */
    private boolean broken;

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (broken) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            talk(ctx, in);
        } catch (RuntimeException e) {
            broken = true;
            in.skipBytes(in.readableBytes());
            throw e;
        }
    }

    private void talk(ChannelHandlerContext ctx, ByteBuf in) {
        String line;
        while (ctx.pipeline().context(this) != null && (line = RelayProtocol.line(in)) != null) {
            if (line.startsWith(RelayProtocol.REFUSED)) {
                String why = "relay " + route.hops().get(Math.max(0, answered - 1)) + " refused the way to " + route.target()
                        + ": " + RelayProtocol.printable(line.substring(RelayProtocol.REFUSED.length()));
                ctx.fireUserEventTriggered(new Handshake.Refusal(why)); // final, as a refusal by the target would be
                throw new ProtocolException(why);
            }
            if (line.startsWith(RelayProtocol.UNREACHABLE)) {
                throw new ProtocolException("relay " + route.hops().get(Math.max(0, answered - 1)) + " cannot reach "
                        + route.target() + " now: " + RelayProtocol.printable(line.substring(RelayProtocol.UNREACHABLE.length())));
            }
            if (answered == route.hops().size()) {
                if (!line.equals(RelayProtocol.OK)) {
                    throw new ProtocolException("the relay answered '" + RelayProtocol.printable(line) + "', not '"
                            + RelayProtocol.OK + "'");
                }
                through(ctx);
                return;
            }
            answer(ctx, RelayProtocol.nonceOf(line));
        }
    }

    private void answer(ChannelHandlerContext ctx, byte[] nonce) {
        boolean last = answered == route.hops().size() - 1;
        String next = last ? route.target() : route.hops().get(answered + 1);
        String request = RelayProtocol.request(self, nonce, last ? RelayProtocol.Kind.TARGET : RelayProtocol.Kind.RELAY,
                next);
        ctx.writeAndFlush(Unpooled.copiedBuffer(request + "\n", StandardCharsets.US_ASCII));
        answered++;
    }

    /** The target is reached: the link begins; bytes that came with the answer follow (this decoder hands them on). */
    private void through(ChannelHandlerContext ctx) {
        deadline.cancel(false);
        ctx.fireChannelActive();
        ctx.pipeline().remove(this);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (deadline != null) {
            deadline.cancel(false);
        }
        super.channelInactive(ctx);
    }
}
