package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Delays what this end sends over an emulated wide-area link ({@link WanLinks}): each message is
 * handed to the link of this node's cluster and the peer's, and written when the link says it
 * arrives. Messages to a peer of the same cluster, and everything before the peer's cluster is
 * known (the handshake), pass at once. Time is the event loop's own clock, so that tests can move
 * it by hand.
 */
final class WanEmulator extends ChannelOutboundHandlerAdapter {

    /** The peer's cluster, set on a connection once its node knows it. */
    static final AttributeKey<String> PEER_CLUSTER = AttributeKey.valueOf("satin.peerCluster");

    private final WanLinks links;
    private final String cluster;
    private WanLinks.Link link;
    private String linkedTo;
    /** Frames on the link, oldest first; touched only on the event loop. */
    private final java.util.ArrayDeque<Waiting> waiting = new java.util.ArrayDeque<>();

    WanEmulator(WanLinks links, String cluster) {
        this.links = links;
        this.cluster = cluster;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        WanLinks.Link l = link(ctx);
        if (l == null || !(msg instanceof ByteBuf frame)) {
            ctx.write(msg, promise);
            return;
        }
        long now = now(ctx);
        long arrival = l.arrival(now, frame.readableBytes() + FrameFormat.LENGTH_BYTES);
        Waiting w = new Waiting(frame, promise);
        waiting.add(w);
        // always through the scheduler, even when due: it runs tasks by deadline, then in order,
        // so no message overtakes one that is still waiting
        ctx.executor().schedule(() -> {
            if (waiting.remove(w)) {
                ctx.writeAndFlush(w.frame(), w.promise());
            }
        }, arrival - now, TimeUnit.NANOSECONDS);
    }

    /**
     * The connection is gone with frames still on the emulated link: their scheduled writes may
     * never run (a closing event loop drops its scheduled tasks), so they are released here and
     * their writes failed, as a closed channel fails a write.
     */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        for (Waiting w; (w = waiting.poll()) != null;) {
            w.frame().release();
            w.promise().tryFailure(new java.nio.channels.ClosedChannelException());
        }
    }

    /** A frame on the emulated link, and the promise of its write. */
    private record Waiting(ByteBuf frame, ChannelPromise promise) {
    }

    private WanLinks.Link link(ChannelHandlerContext ctx) {
        String peer = ctx.channel().attr(PEER_CLUSTER).get();
        if (peer == null) {
            return null;
        }
        if (!peer.equals(linkedTo)) {
            linkedTo = peer;
            link = links.link(cluster, peer);
        }
        return link;
    }

    private static long now(ChannelHandlerContext ctx) {
        return ctx.executor() instanceof AbstractScheduledEventExecutor e ? e.ticker().nanoTime() : System.nanoTime();
    }
}
