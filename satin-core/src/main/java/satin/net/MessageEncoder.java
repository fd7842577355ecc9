package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes a {@link Message} as the body of a frame: version, type code, message. It also tells what
 * a message takes on the wire, so that a model of the traffic (the simulator, satin.sim) charges
 * the bytes this encoder writes rather than a copy of them.
 */
@ChannelHandler.Sharable
public final class MessageEncoder extends MessageToByteEncoder<Message> {

    public MessageEncoder() {
        super(Message.class);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Message m, ByteBuf out) {
        writeBody(m, out);
    }

    /** The bytes {@code m} takes on the wire: the frame's length field, then the body this encoder writes. */
    public static int frameBytes(Message m) {
        ByteBuf body = Unpooled.buffer();
        try {
            writeBody(m, body);
            return FrameFormat.LENGTH_BYTES + body.readableBytes();
        } finally {
            body.release();
        }
    }

    private static void writeBody(Message m, ByteBuf out) {
        out.writeByte(FrameFormat.VERSION);
        out.writeByte(m.type().code());
        MessageType.write(m, out);
    }
}
