package satin.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Paces the write requests of shared objects that come over one link (decision 0050): past a
 * budget of so many a second, with a second's worth in hand, the link is not read until the
 * budget has paid for what came. A member's own window keeps it within the master's pace; this is
 * for one that ignores it, which would otherwise make the master order and send to everyone as
 * fast as it sends. Nothing is dropped, since a member's requests are ordered once each and in
 * their order: the requests wait in the connection, and the member's sending slows with it. Only
 * requests count (a write the master ordered carries its number), so on a member it does nothing.
 */
final class WriteBudget extends ChannelInboundHandlerAdapter {

    private final double perNano;
    private final double inHand;
    private final LongSupplier clock;
    private double tokens;
    private long last;
    private boolean paused;
    private long pauses;

    WriteBudget(long perSecond, LongSupplier clock) {
        if (perSecond < 1) {
            throw new IllegalArgumentException("a budget of write requests is at least one a second, not " + perSecond);
        }
        this.perNano = perSecond / 1e9;
        this.inHand = perSecond;
        this.clock = clock;
        this.tokens = inHand;
        this.last = clock.getAsLong();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Message.SharedWrite w && w.sequence() == 0) {
            spend(ctx);
        }
        ctx.fireChannelRead(msg);
    }

    private void spend(ChannelHandlerContext ctx) {
        earn();
        tokens -= 1;
        if (tokens < 0 && !paused) {
            paused = true;
            pauses++;
            ctx.channel().config().setAutoRead(false);
            resumeLater(ctx);
        }
    }

    private void earn() {
        long now = clock.getAsLong();
        tokens = Math.min(inHand, tokens + (now - last) * perNano);
        last = now;
    }

    /** Reads again once the budget has paid for what came, the requests that came during the pause too. */
    private void resumeLater(ChannelHandlerContext ctx) {
        long wait = (long) Math.ceil(-tokens / perNano);
        ctx.executor().schedule(() -> {
            earn();
            if (tokens < 0) {
                resumeLater(ctx);
                return;
            }
            paused = false;
            ctx.channel().config().setAutoRead(true);
        }, wait, TimeUnit.NANOSECONDS);
    }

    /** How many times the link stopped being read because its requests came too fast. */
    long pauses() {
        return pauses;
    }
}
