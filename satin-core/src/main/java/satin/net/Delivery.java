package satin.net;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/** Hands admitted connections and their messages to an {@link Inbox}. */
final class Delivery extends ChannelInboundHandlerAdapter {

    private final Inbox inbox;
    private Connection connection;
    private boolean refused;

    Delivery(Inbox inbox) {
        this.inbox = inbox;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted admitted) {
            connection = new Connection(ctx.channel(), admitted);
            inbox.opened(connection);
        } else if (event instanceof Liveness.Silent silent && connection != null) {
            inbox.silent(connection, silent.nanos());
        } else if (event instanceof Handshake.Refusal refusal) {
            refused = true;
            inbox.refused(refusal.reason());
        } else {
            super.userEventTriggered(ctx, event);
        }
    }

    /**
     * What was decoded of a connection after it closed (the frames of the read that brought the
     * message its inbox closed it for) is not delivered: the inbox has judged the peer already.
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (ctx.channel().isActive()) {
            inbox.received(connection, (Message) msg);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (connection != null) {
            inbox.closed(connection);
        } else if (!refused) {
            inbox.refused(Inbox.CLOSED_UNPROVEN);
        }
        super.channelInactive(ctx);
    }
}
