package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import satin.config.Settings;
import satin.config.Syntax;
import satin.runtime.Durations;

/**
 * Sends the small messages one end writes to its peer within a window as one frame, a batch
 * ({@link FrameFormat#BATCH}), as Jose et al.'s UPC queues coalesce the items for one thread in a
 * bucket (decision 0048). It sits between the message encoder and the framing, so that the traffic
 * counters and the WAN emulator see the batch as one frame of its size.
 *
 * <p>A batch leaves when the window of its first message ends, when the next message would not fit
 * in the bucket, or when a writer waits for its message (a real promise: a last message, the
 * handshake), so nothing waits past the window and a close loses nothing. Until the handshake admits
 * the peer, and for heartbeats and messages too large for the bucket, messages pass one frame each,
 * after what is pending: the order per link is the order written.
 */
public final class Coalescer extends ChannelDuplexHandler {

    public static final String PROPERTY = Settings.COALESCE.name();
    /** The syntax of {@code -Dsatin.coalesce}, for the start-up check of every setting. */
    public static final Syntax SYNTAX = Syntax.parsedNamingItselfBy(v -> parseWindow(v, "-D" + PROPERTY));
    /** The longest window: longer, and the messages of a steal would wait as long as a WAN link's latency. */
    static final long MAX_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** The bucket of the paper's Graph500 runs, and of the MPI reference they compare with. */
    public static final int BUCKET_BYTES = 4 << 10;

    private final long windowNanos;
    private final int bucketBytes;
    private final List<ByteBuf> pending = new ArrayList<>();
    /** The length of the batch frame's body {@link #pending} would make. */
    private int pendingBytes = FrameFormat.BATCH_HEADER_BYTES;
    private ScheduledFuture<?> windowEnd;
    private boolean admitted;

    /** @param maxFrame the longest frame the peer accepts: no batch is longer */
    Coalescer(long windowNanos, int maxFrame) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("a coalescing window of " + windowNanos + " ns");
        }
        this.windowNanos = windowNanos;
        this.bucketBytes = Math.min(BUCKET_BYTES, maxFrame);
    }

    /** The window {@code -Dsatin.coalesce} sets, in nanoseconds: 0 when it is off (the default). */
    public static long windowFromProperty() {
        return parseWindow(Settings.COALESCE.text(), "-D" + PROPERTY);
    }

    /**
     * {@code off} (0), or a window from 1us to 100ms in nanoseconds.
     *
     * @param where what gave the value, for the error
     */
    public static long parseWindow(String value, String where) {
        if (value.trim().equalsIgnoreCase("off")) {
            return 0;
        }
        long nanos;
        try {
            nanos = Durations.nanos(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + "=" + value + ": expected off or a window; " + e.getMessage());
        }
        if (nanos < 1000 || nanos > MAX_WINDOW_NANOS) {
            throw new IllegalArgumentException(where + "=" + value + ": expected off or a window from 1us to 100ms");
        }
        return nanos;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted) {
            admitted = true;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (!(msg instanceof ByteBuf body) || !admitted || Traffic.isHeartbeat(body) || !fitsAlone(body)) {
            release(ctx);
            ctx.write(msg, promise);
            return;
        }
        if (!fits(body)) {
            release(ctx);
        }
        pending.add(body);
        pendingBytes += entryBytes(body);
        if (!promise.isVoid()) {
            release(ctx, promise);
        } else if (windowEnd == null) {
            windowEnd = ctx.executor().schedule(() -> {
                windowEnd = null;
                release(ctx);
                ctx.flush();
            }, windowNanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        release(ctx);
        ctx.flush();
        ctx.close(promise);
    }

    /** The channel is gone with messages pending: nothing can send them, and their buffers are freed. */
    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancelWindow();
        pending.forEach(ByteBuf::release);
        pending.clear();
        pendingBytes = FrameFormat.BATCH_HEADER_BYTES;
    }

    /** What a frame of one message takes as an entry of a batch: its length, its type and message. */
    private static int entryBytes(ByteBuf body) {
        return entryBytes(FrameFormat.LENGTH_BYTES + body.readableBytes());
    }

    /** What a message whose own frame takes {@code frameBytes} (its length field included) adds to a batch's body. */
    public static int entryBytes(int frameBytes) {
        return FrameFormat.BATCH_ENTRY_BYTES + frameBytes - FrameFormat.LENGTH_BYTES - 1;
    }

    private boolean fitsAlone(ByteBuf body) {
        return FrameFormat.BATCH_HEADER_BYTES + entryBytes(body) <= bucketBytes;
    }

    private boolean fits(ByteBuf body) {
        return pending.size() < FrameFormat.MAX_BATCH && pendingBytes + entryBytes(body) <= bucketBytes;
    }

    private void release(ChannelHandlerContext ctx) {
        if (!pending.isEmpty()) {
            release(ctx, ctx.voidPromise());
        }
    }

    /** Writes what is pending, a lone message as its own frame, and {@code promise} with it. */
    private void release(ChannelHandlerContext ctx, ChannelPromise promise) {
        cancelWindow();
        ByteBuf frame = pending.size() == 1 ? pending.get(0) : batch(ctx.alloc(), pending, pendingBytes);
        pending.clear();
        pendingBytes = FrameFormat.BATCH_HEADER_BYTES;
        ctx.write(frame, promise);
        if (!promise.isVoid()) {
            ctx.flush();
        }
    }

    private void cancelWindow() {
        if (windowEnd != null) {
            windowEnd.cancel(false);
            windowEnd = null;
        }
    }

    /** The body of a batch frame of {@code bodies} (each a frame's body), which it releases. */
    static ByteBuf batch(ByteBufAllocator alloc, List<ByteBuf> bodies, int bytes) {
        ByteBuf out = alloc.buffer(bytes);
        out.writeByte(FrameFormat.VERSION).writeByte(FrameFormat.BATCH).writeShort(bodies.size());
        for (ByteBuf b : bodies) {
            out.writeShort(b.readableBytes() - 1);
            out.writeBytes(b, b.readerIndex() + 1, b.readableBytes() - 1);
            b.release();
        }
        return out;
    }

    /** The bytes a batch frame of messages whose own frames take {@code frameBytes} takes on the wire. */
    public static int batchFrameBytes(int... frameBytes) {
        int n = FrameFormat.LENGTH_BYTES + FrameFormat.BATCH_HEADER_BYTES;
        for (int f : frameBytes) {
            n += entryBytes(f);
        }
        return n;
    }
}
