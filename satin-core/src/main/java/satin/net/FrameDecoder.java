package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Cuts what arrives into frames by their 4-byte length, and refuses a frame longer than the limit
 * as soon as its length is read, before buffering any of it. Until the handshake admits the peer
 * the limit is small: a stranger must not make this end hold megabytes, and the handshake's own
 * messages are short. Once the peer is admitted, it is the configured limit.
 */
final class FrameDecoder extends ByteToMessageDecoder {

    /**
     * The limit before the handshake: its longest message, a hello, carries four names (the pool,
     * the node, its cluster and address) and two short byte strings, well below this.
     */
    static final int UNTRUSTED_MAX_FRAME = 64 << 10;

    private final int trustedLimit;
    private int limit;

    FrameDecoder(int maxFrame) {
        this.trustedLimit = maxFrame;
        this.limit = Math.min(maxFrame, UNTRUSTED_MAX_FRAME);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < FrameFormat.LENGTH_BYTES) {
            return;
        }
        long length = in.getUnsignedInt(in.readerIndex());
        if (length > limit) {
            in.skipBytes(in.readableBytes()); // the connection closes; nothing after this frame is read
            throw new TooLongFrameException("a frame of " + length + " bytes, more than the " + limit + " allowed"
                    + (limit == trustedLimit ? "" : " before the handshake"));
        }
        if (in.readableBytes() - FrameFormat.LENGTH_BYTES < length) {
            return;
        }
        in.skipBytes(FrameFormat.LENGTH_BYTES);
        out.add(in.readRetainedSlice((int) length));
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted) {
            limit = trustedLimit;
        }
        super.userEventTriggered(ctx, event);
    }
}
