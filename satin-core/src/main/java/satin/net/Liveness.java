package satin.net;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.util.AttributeKey;
import java.lang.System.Logger.Level;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Failure detection on one admitted connection. A closed socket tells of a crashed process, but a
 * frozen one (SIGSTOP, a lost host, a machine that stopped answering) keeps its sockets open: so
 * each end sends a heartbeat when it has sent nothing for an interval, and closes the connection
 * when it has heard nothing for the timeout plus the link's round trip, which is what makes a
 * 100 ms wide-area link slow rather than dead. Closing is the verdict: what waits on the connection
 * is given up by its inbox, which is told how long the peer was silent.
 */
public final class Liveness extends ChannelDuplexHandler {

    private static final System.Logger LOG = System.getLogger("satin.net");
    /** The extra round trip of an emulated wide-area link, set when the connection is classified. */
    static final AttributeKey<Long> ROUND_TRIP = AttributeKey.valueOf("satin.roundTripNanos");

    /**
     * How often a silent end speaks, and how long a peer may be silent before it is declared dead.
     * The silence is checked ten times per timeout, and a peer silent for nine tenths of it at a
     * check is declared dead: so never later than the timeout (plus the round trip), and only after
     * four heartbeats in a row failed to come.
     */
    public record Settings(long intervalNanos, long timeoutNanos) {
        /** At most 5 s plus a round trip to notice a frozen peer. */
        public static final Settings DEFAULT = of(TimeUnit.SECONDS.toNanos(5));

        /** A timeout, with heartbeats five times as often, so that one or two late ones are no verdict. */
        public static Settings of(long timeoutNanos) {
            if (timeoutNanos <= 0) {
                throw new IllegalArgumentException("a failure timeout must be positive");
            }
            return new Settings(Math.max(TimeUnit.MILLISECONDS.toNanos(10), timeoutNanos / 5), timeoutNanos);
        }
    }

    /** Told to the inbox before a connection closes for silence. */
    public record Silent(long nanos) {
    }

    private final Settings settings;
    private final LongSupplier clock;
    private long lastRead;
    private long lastWrite;
    /** When the last check ran: a check that comes a period or more late finds this end was not running. */
    private long lastCheck;
    private ScheduledFuture<?> checks;

    public Liveness(Settings settings) {
        this(settings, System::nanoTime);
    }

    Liveness(Settings settings, LongSupplier clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof Handshake.Admitted) {
            lastRead = lastWrite = lastCheck = clock.getAsLong();
            long period = Math.max(1, settings.timeoutNanos() / 10);
            checks = ctx.executor().scheduleAtFixedRate(() -> check(ctx), period, period, TimeUnit.NANOSECONDS);
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        lastRead = clock.getAsLong();
        if (!(msg instanceof Message.Heartbeat)) {
            super.channelRead(ctx, msg);
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        lastWrite = clock.getAsLong();
        super.write(ctx, msg, promise);
    }

    private void check(ChannelHandlerContext ctx) {
        long now = clock.getAsLong();
        discountOwnPause(now, Math.max(1, settings.timeoutNanos() / 10));
        long silent = now - lastRead;
        Long roundTrip = ctx.channel().attr(ROUND_TRIP).get();
        if (silent >= settings.timeoutNanos() * 9 / 10 + (roundTrip == null ? 0 : roundTrip)) {
            LOG.log(Level.WARNING, "closing {0}: nothing heard for {1} ms", ctx.channel(),
                    TimeUnit.NANOSECONDS.toMillis(silent));
            checks.cancel(false);
            ctx.fireUserEventTriggered(new Silent(silent));
            ctx.close();
        } else if (now - lastWrite >= settings.intervalNanos()) {
            ctx.writeAndFlush(new Message.Heartbeat(), ctx.voidPromise());
        }
    }

    /**
     * A check that comes a period or more late means this end did not run meanwhile (it was
     * stopped, or starved): what the peer sent then waits unread in the socket, so that time is not
     * the peer's silence. Without this, a process that thaws takes every peer for dead at once
     * (a thawed registry declared every live member dead), while the peers have heard nothing of
     * it only for as long as it was stopped.
     */
    private void discountOwnPause(long now, long period) {
        long late = now - lastCheck - period;
        lastCheck = now;
        if (late >= period) {
            lastRead = Math.min(now, lastRead + late);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (checks != null) {
            checks.cancel(false);
        }
        super.channelInactive(ctx);
    }
}
