package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;

/**
 * Turns one frame (the length already stripped) into a {@link Message}: the protocol version must
 * be this node's, the type known, and the message must fill the frame exactly. Anything else is a
 * {@link ProtocolException}, and the connection is closed.
 */
public final class MessageDecoder extends MessageToMessageDecoder<ByteBuf> {

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        if (frame.readableBytes() < FrameFormat.HEADER_BYTES) {
            throw new ProtocolException("a frame of " + frame.readableBytes() + " bytes has no header");
        }
        int version = frame.readUnsignedByte();
        if (version != FrameFormat.VERSION) {
            throw new ProtocolException("protocol version " + version + ", this node speaks version " + FrameFormat.VERSION);
        }
        int code = frame.readUnsignedByte();
        MessageType type = MessageType.of(code);
        if (type == null) {
            throw new ProtocolException("unknown message type " + code);
        }
        Message m;
        try {
            m = MessageType.read(type, frame);
        } catch (IndexOutOfBoundsException e) {
            throw new ProtocolException("truncated " + type + " message");
        }
        if (frame.isReadable()) {
            throw new ProtocolException(frame.readableBytes() + " bytes left over after a " + type + " message");
        }
        out.add(m);
    }
}
