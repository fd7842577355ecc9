package satin.net;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;

/**
 * The one place where a connection's pipeline is assembled, the same for TCP and in-VM channels:
 * frames in and out, the emulated wide-area delay (if any), messages in and out, the handshake,
 * failure detection, delivery to the inbox, and closing on errors.
 */
public final class PipelineInitializer extends ChannelInitializer<Channel> {

    private static final MessageEncoder ENCODER = new MessageEncoder();
    private static final CloseOnError CLOSE_ON_ERROR = new CloseOnError();

    private final PoolIdentity self;
    private final boolean accepting;
    private final int maxFrame;
    private final Inbox inbox;
    private final Traffic traffic;
    private final WanLinks wan;
    private final Liveness.Settings liveness;

    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox) {
        this(self, accepting, maxFrame, inbox, null, WanLinks.none());
    }

    /**
     * @param traffic where to count frames and bytes, or null
     * @param wan     the emulated wide-area links what this end sends may cross
     */
    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox, Traffic traffic,
            WanLinks wan) {
        this(self, accepting, maxFrame, inbox, traffic, wan, Liveness.Settings.DEFAULT);
    }

    /** @param liveness how long a peer may be silent, in the handshake and after it, before it is given up */
    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox, Traffic traffic,
            WanLinks wan, Liveness.Settings liveness) {
        this.liveness = liveness;
        this.self = self;
        this.accepting = accepting;
        this.maxFrame = maxFrame;
        this.inbox = inbox;
        this.traffic = traffic;
        this.wan = wan;
    }

    @Override
    protected void initChannel(Channel ch) {
        ChannelPipeline p = ch.pipeline();
        p.addLast("frames", new LengthFieldBasedFrameDecoder(maxFrame, 0, FrameFormat.LENGTH_BYTES, 0,
                FrameFormat.LENGTH_BYTES, true));
        p.addLast("lengths", new LengthFieldPrepender(FrameFormat.LENGTH_BYTES));
        if (traffic != null) {
            // between the framing and the WAN emulator: one buffer per frame each way, counted
            // when it really leaves (after its emulated delay), not when it is queued
            p.addLast("traffic", traffic);
        }
        if (wan.emulates()) {
            p.addLast("wan", new WanEmulator(wan, self.cluster()));
        }
        p.addLast("decoder", new MessageDecoder());
        p.addLast("encoder", ENCODER);
        p.addLast("handshake", new Handshake(self, accepting, liveness.timeoutNanos()));
        p.addLast("liveness", new Liveness(liveness));
        p.addLast("delivery", new Delivery(inbox));
        p.addLast("errors", CLOSE_ON_ERROR);
    }
}
