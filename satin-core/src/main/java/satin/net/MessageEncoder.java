package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/** Writes a {@link Message} as the body of a frame: version, type code, message. */
@ChannelHandler.Sharable
public final class MessageEncoder extends MessageToByteEncoder<Message> {

    public MessageEncoder() {
        super(Message.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Message m, ByteBuf out) {
        out.writeByte(FrameFormat.VERSION);
        out.writeByte(m.type().code());
        MessageType.write(m, out);
    }
}
