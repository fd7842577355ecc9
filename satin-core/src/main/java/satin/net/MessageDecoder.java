package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import java.util.List;

/**
 * Turns one frame (the length already stripped) into a {@link Message}: the protocol version must
 * be this node's, the type known, and the message must fill the frame exactly. A batch frame
 * ({@link FrameFormat#BATCH}) becomes its messages in their order, each checked the same way; it
 * is refused until the handshake has admitted the peer, so that a stranger's frame stays one
 * message under the small limit. Anything else is a {@link ProtocolException}, and the connection
 * is closed.
 */
public final class MessageDecoder extends MessageToMessageDecoder<ByteBuf> {

    private boolean admitted;

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
        if (code == FrameFormat.BATCH) {
            batch(frame, out);
        } else {
            out.add(one(code, frame));
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted) {
            admitted = true;
        }
        super.userEventTriggered(ctx, event);
    }

    private void batch(ByteBuf frame, List<Object> out) {
        if (!admitted) {
            throw new ProtocolException("a batch of messages before the handshake");
        }
        if (frame.readableBytes() < 2) {
            throw new ProtocolException("a batch without its count");
        }
        int count = frame.readUnsignedShort();
        // the coalescer sends a lone message as a frame of its own: a batch of one is no frame it writes
        if (count < 2 || count > FrameFormat.MAX_BATCH) {
            throw new ProtocolException("a batch of " + count + " messages, not 2 to " + FrameFormat.MAX_BATCH);
        }
        // all or nothing: the decoder passes on what it was given even when it then fails
        List<Message> messages = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (frame.readableBytes() < FrameFormat.BATCH_ENTRY_BYTES) {
                throw new ProtocolException("a batch cut short after " + i + " of its " + count + " messages");
            }
            int length = frame.readUnsignedShort();
            if (length < 1 || length > frame.readableBytes()) {
                throw new ProtocolException("message " + i + " of a batch claims " + length + " bytes, "
                        + frame.readableBytes() + " are left");
            }
            ByteBuf entry = frame.readSlice(length);
            int code = entry.readUnsignedByte();
            if (code == FrameFormat.BATCH) {
                throw new ProtocolException("a batch inside a batch");
            }
            messages.add(one(code, entry));
        }
        if (frame.isReadable()) {
            throw new ProtocolException(frame.readableBytes() + " bytes left over after a batch of " + count);
        }
        out.addAll(messages);
    }

    /** The message of type {@code code} that fills what is left of {@code body} exactly. */
    private static Message one(int code, ByteBuf body) {
        MessageType type = MessageType.of(code);
        if (type == null) {
            throw new ProtocolException("unknown message type " + code);
        }
        Message m;
        try {
            m = MessageType.read(type, body);
        } catch (IndexOutOfBoundsException e) {
            throw new ProtocolException("truncated " + type + " message");
        }
        if (body.isReadable()) {
            throw new ProtocolException(body.readableBytes() + " bytes left over after a " + type + " message");
        }
        return m;
    }
}
