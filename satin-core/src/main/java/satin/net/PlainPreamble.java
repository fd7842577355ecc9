package satin.net;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.nio.charset.StandardCharsets;

/**
 * Opens a plain TCP connection with five fixed bytes. The accepting end reads a connection's first
 * bytes to tell TLS from plain (it cannot know the peer's cluster, hence the policy, before the
 * hello), and a plain peer would otherwise say nothing until challenged: the accepting end would
 * wait for bytes the peer waits for too.
 */
final class PlainPreamble extends ChannelInboundHandlerAdapter {

    /** No TLS record starts with 's' (0x73): record types are 20 to 24. */
    static final byte[] BYTES = "satin".getBytes(StandardCharsets.US_ASCII);

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(BYTES));
        ctx.pipeline().remove(this);
        super.channelActive(ctx);
    }
}
