package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.AtomicLong;

/** Counts what crosses a node's connections: messages and bytes (frames), each way. */
@ChannelHandler.Sharable
public final class Traffic extends ChannelDuplexHandler {

    public final AtomicLong messagesIn = new AtomicLong();
    public final AtomicLong messagesOut = new AtomicLong();
    public final AtomicLong bytesIn = new AtomicLong();
    public final AtomicLong bytesOut = new AtomicLong();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf b) {
            bytesIn.addAndGet(b.readableBytes() + FrameFormat.LENGTH_BYTES);
            messagesIn.incrementAndGet();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf b && b.readableBytes() > FrameFormat.LENGTH_BYTES) {
            bytesOut.addAndGet(b.readableBytes());
            messagesOut.incrementAndGet();
        }
        ctx.write(msg, promise);
    }
}
