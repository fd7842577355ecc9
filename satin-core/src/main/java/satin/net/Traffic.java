package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.AttributeKey;
import java.util.concurrent.atomic.LongAdder;
import satin.config.Settings;
import satin.stats.IntervalCounts;

/**
 * Counts what crosses a node's connections: messages and bytes, each way, apart for links within
 * the node's cluster (LAN) and between clusters (WAN). It sits between the framing and the
 * messages, so it sees one buffer per frame in both directions, however the socket splits or joins
 * them: a frame counts as one message and as its whole size on the wire, the 4-byte length
 * included, whichever way it goes. A connection counts as LAN until its node learns the peer's
 * cluster and {@link #classify classifies} it. Heartbeats are counted apart: they are the failure
 * detector's, not the balancer's, and a comparison of balancers by messages must not count them.
 */
@ChannelHandler.Sharable
public final class Traffic extends ChannelDuplexHandler {

    private static final AttributeKey<Boolean> WIDE_AREA = AttributeKey.valueOf("satin.wideArea");

    /** Messages and bytes of one link class, as read at one moment. */
    public record Counts(long messagesIn, long messagesOut, long bytesIn, long bytesOut) {
        Counts plus(Counts o) {
            return new Counts(messagesIn + o.messagesIn, messagesOut + o.messagesOut, bytesIn + o.bytesIn,
                    bytesOut + o.bytesOut);
        }
    }

    /**
     * Every counter, each read once: a report built from one snapshot agrees with itself (its
     * totals are the sums of its LAN and WAN parts) while messages are still being counted.
     */
    public record Snapshot(Counts lan, Counts wan, long heartbeatsIn, long heartbeatsOut) {
        public Counts total() {
            return lan.plus(wan);
        }
    }

    /** The live counters of one direction; adders, since every connection of a node counts into them. */
    private static final class Way {
        final LongAdder messages = new LongAdder();
        final LongAdder bytes = new LongAdder();
    }

    /** The live counters of one link class. */
    private static final class Counters {
        final Way in = new Way();
        final Way out = new Way();

        Counts read() {
            return new Counts(in.messages.sum(), out.messages.sum(), in.bytes.sum(), out.bytes.sum());
        }
    }

    private final Counters lan = new Counters();
    private final Counters wan = new Counters();
    private final LongAdder heartbeatsIn = new LongAdder();
    private final LongAdder heartbeatsOut = new LongAdder();
    /** Series {@link #SENT} and {@link #RECEIVED}: the messages over time, for the run's timeline. */
    private final IntervalCounts overTime = new IntervalCounts(2, IntervalCounts.INTERVALS);
    /**
     * Whether messages are counted over time ({@code satin.timeline}): a clock read and a lock on
     * every message, which a node that records no timeline does not pay.
     */
    private final boolean overTimeOn = Settings.TIMELINE.isOn();
    private final long origin = System.nanoTime();
    public static final int SENT = 0;
    public static final int RECEIVED = 1;

    /** Marks a connection's link as wide-area (between clusters) or not. */
    static void classify(Channel channel, boolean wideArea) {
        channel.attr(WIDE_AREA).set(wideArea);
    }

    public Snapshot snapshot() {
        return new Snapshot(lan.read(), wan.read(), heartbeatsIn.sum(), heartbeatsOut.sum());
    }

    /** Messages sent and received per interval, heartbeats left out, if the timeline is on; from {@link #originNanos()}. */
    public IntervalCounts overTime() {
        return overTime;
    }

    /** The {@link System#nanoTime()} of {@link #overTime()}'s origin. */
    public long originNanos() {
        return origin;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object frame) {
        if (frame instanceof ByteBuf body) {
            count(ctx, body, true);
        }
        ctx.fireChannelRead(frame);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object frame, ChannelPromise promise) {
        if (frame instanceof ByteBuf body) {
            count(ctx, body, false);
        }
        ctx.write(frame, promise);
    }

    private void count(ChannelHandlerContext ctx, ByteBuf body, boolean incoming) {
        if (isHeartbeat(body)) {
            (incoming ? heartbeatsIn : heartbeatsOut).increment();
            return;
        }
        Counters c = of(ctx);
        Way way = incoming ? c.in : c.out;
        way.messages.increment();
        way.bytes.add(FrameFormat.LENGTH_BYTES + (long) body.readableBytes());
        if (overTimeOn) {
            overTime.add(incoming ? RECEIVED : SENT, System.nanoTime() - origin, 1);
        }
    }

    private Counters of(ChannelHandlerContext ctx) {
        return Boolean.TRUE.equals(ctx.channel().attr(WIDE_AREA).get()) ? wan : lan;
    }

    /** A heartbeat's body is its header alone: the version byte, then the type. */
    static boolean isHeartbeat(ByteBuf body) {
        return body.readableBytes() == FrameFormat.HEADER_BYTES
                && body.getUnsignedByte(body.readerIndex() + 1) == MessageType.HEARTBEAT.code();
    }
}
