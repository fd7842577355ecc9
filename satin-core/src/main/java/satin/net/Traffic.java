package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what crosses a node's connections: messages and bytes (frames), each way, apart for
 * links within the node's cluster (LAN) and between clusters (WAN). A connection counts as LAN
 * until its node learns the peer's cluster and {@link #classify classifies} it. Heartbeats are
 * counted apart ({@link #heartbeatsOut}, {@link #heartbeatsIn}): they are the failure detector's, not
 * the balancer's, and a comparison of balancers by messages must not count them.
 */
@ChannelHandler.Sharable
public final class Traffic extends ChannelDuplexHandler {

    private static final AttributeKey<Boolean> WIDE_AREA = AttributeKey.valueOf("satin.wideArea");

    /** Messages and bytes of one link class. */
    public static final class Counts {
        public final AtomicLong messagesIn = new AtomicLong();
        public final AtomicLong messagesOut = new AtomicLong();
        public final AtomicLong bytesIn = new AtomicLong();
        public final AtomicLong bytesOut = new AtomicLong();
    }

    public final Counts lan = new Counts();
    public final Counts wan = new Counts();
    public final AtomicLong heartbeatsOut = new AtomicLong();
    public final AtomicLong heartbeatsIn = new AtomicLong();
    /** A heartbeat's frame: its length, then the version and type bytes, and nothing else. */
    private static final int HEARTBEAT_FRAME = FrameFormat.LENGTH_BYTES + FrameFormat.HEADER_BYTES;

    /** Marks a connection's link as wide-area (between clusters) or not. */
    static void classify(Channel channel, boolean wideArea) {
        channel.attr(WIDE_AREA).set(wideArea);
    }

    private Counts of(ChannelHandlerContext ctx) {
        return Boolean.TRUE.equals(ctx.channel().attr(WIDE_AREA).get()) ? wan : lan;
    }

    public long messagesOut() {
        return lan.messagesOut.get() + wan.messagesOut.get();
    }

    public long messagesIn() {
        return lan.messagesIn.get() + wan.messagesIn.get();
    }

    public long bytesOut() {
        return lan.bytesOut.get() + wan.bytesOut.get();
    }

    public long bytesIn() {
        return lan.bytesIn.get() + wan.bytesIn.get();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b && b.readableBytes() == HEARTBEAT_FRAME
                && b.getByte(b.readerIndex() + HEARTBEAT_FRAME - 1) == MessageType.HEARTBEAT.code()) {
            heartbeatsIn.incrementAndGet();
        } else if (msg instanceof ByteBuf b) {
            Counts c = of(ctx);
            c.bytesIn.addAndGet(b.readableBytes() + FrameFormat.LENGTH_BYTES);
            c.messagesIn.incrementAndGet();
        }
        ctx.fireChannelRead(msg);
    }

    /** Set on a channel between a frame's length and its content, which the prepender writes apart. */
    private static final AttributeKey<Boolean> CONTENT_NEXT = AttributeKey.valueOf("satin.contentNext");

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b) {
            counted(ctx, b);
        }
        ctx.write(msg, promise);
    }

    /**
     * Counts one buffer of a frame: the length prefix and the content come as two buffers, one after
     * the other; the frame is a message, or a heartbeat, once its content shows which.
     */
    private void counted(ChannelHandlerContext ctx, ByteBuf b) {
        Attribute<Boolean> contentNext = ctx.channel().attr(CONTENT_NEXT);
        if (!Boolean.TRUE.equals(contentNext.get())) {
            contentNext.set(true);
            return;
        }
        contentNext.set(false);
        if (b.readableBytes() == FrameFormat.HEADER_BYTES && b.getByte(b.readerIndex() + 1) == MessageType.HEARTBEAT.code()) {
            heartbeatsOut.incrementAndGet();
            return;
        }
        Counts c = of(ctx);
        c.bytesOut.addAndGet(FrameFormat.LENGTH_BYTES + b.readableBytes());
        c.messagesOut.incrementAndGet();
    }
}
