package satin.relay;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * One direction of a spliced connection: what comes in on this channel leaves on its peer,
 * unread and unchanged (TLS and the pool's handshake run end to end through it). Reading stops
 * while the peer cannot take more, so that a slow end holds the relay's memory to a socket
 * buffer's worth; either end's close closes the other once what it sent has left.
 */
final class Splice extends ChannelInboundHandlerAdapter {

    private final Channel peer;

    Splice(Channel peer) {
        this.peer = peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        peer.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) {
                ctx.close();
            }
        });
        if (!peer.isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    /** This channel can take more again: its peer, which was stopped for it, reads on. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) throws Exception {
        if (ctx.channel().isWritable()) {
            peer.config().setAutoRead(true);
        }
        super.channelWritabilityChanged(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        peer.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
