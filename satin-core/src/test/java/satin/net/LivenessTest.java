package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The failure detector of one connection, on a clock the test moves: a quiet end speaks, a silent
 * peer is declared dead after the timeout plus the link's round trip and not before, and any
 * message, heartbeats included, counts as a sign of life.
 */
class LivenessTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private long now = 1_000 * SECOND;
    private final List<Object> seen = new ArrayList<>();

    private EmbeddedChannel admitted(long roundTripNanos) {
        EmbeddedChannel ch = new EmbeddedChannel();
        ch.attr(Liveness.ROUND_TRIP).set(roundTripNanos);
        ch.pipeline().addLast(new Liveness(Liveness.Settings.of(5 * SECOND), () -> now),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        seen.add(msg);
                    }

                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
                        seen.add(event);
                    }
                });
        ch.pipeline().fireUserEventTriggered(new Handshake.Admitted("peer", "c", "local://peer"));
        return ch;
    }

    /** Moves both the test's clock and the channel's scheduler. */
    private void pass(EmbeddedChannel ch, long nanos) {
        long step = SECOND / 10;
        for (long done = 0; done < nanos; done += step) {
            now += step;
            ch.advanceTimeBy(step, TimeUnit.NANOSECONDS);
            ch.runScheduledPendingTasks();
            ch.runPendingTasks();
        }
    }

    @Test
    void aQuietEndSendsHeartbeats() {
        EmbeddedChannel ch = admitted(0);
        pass(ch, 2 * SECOND);
        Object out = ch.readOutbound();
        assertInstanceOf(Message.Heartbeat.class, out);
    }

    @Test
    void aSilentPeerIsDeclaredDeadAfterTheTimeoutAndNotBefore() {
        EmbeddedChannel ch = admitted(0);
        pass(ch, 4 * SECOND + SECOND * 4 / 10);
        assertTrue(ch.isActive(), "4.4 s of silence: four heartbeats missed, not yet five");
        pass(ch, SECOND * 6 / 10);
        assertFalse(ch.isActive(), "5 s of silence");
        Liveness.Silent silent = (Liveness.Silent) seen.stream().filter(e -> e instanceof Liveness.Silent).findFirst()
                .orElseThrow();
        assertTrue(silent.nanos() >= 4.5 * SECOND && silent.nanos() <= 5 * SECOND, "silent for " + silent.nanos());
    }

    @Test
    void heartbeatsFromThePeerKeepItAliveAndAreNotDelivered() {
        EmbeddedChannel ch = admitted(0);
        for (int i = 0; i < 20; i++) {
            pass(ch, SECOND);
            ch.writeInbound(new Message.Heartbeat());
        }
        assertTrue(ch.isActive(), "20 s with a heartbeat every second");
        assertTrue(seen.stream().noneMatch(m -> m instanceof Message.Heartbeat), seen.toString());
        ch.writeInbound(new Message.StealRequest(7));
        assertEquals(new Message.StealRequest(7), seen.get(seen.size() - 1), "other messages go on");
    }

    @Test
    void aLongRoundTripIsSlowNotDead() {
        EmbeddedChannel ch = admitted(3 * SECOND);
        pass(ch, 7 * SECOND);
        assertTrue(ch.isActive(), "7 s of silence on a link with a 3 s round trip: timeout 5 s + 3 s");
        pass(ch, SECOND);
        assertFalse(ch.isActive());
    }

    /**
     * This end stopped (SIGSTOP, a paused JVM) for 4.6 s, a second after it last heard the peer:
     * its first check when it runs again must not count its own pause as the peer's silence, or a
     * thawed registry declares every live member dead. The peer's messages of that time wait in
     * the socket, and are read next.
     */
    @Test
    void thisEndsOwnPauseIsNotThePeersSilence() {
        EmbeddedChannel ch = admitted(0);
        pass(ch, SECOND);
        ch.writeInbound(new Message.Heartbeat());
        pause(ch, SECOND * 46 / 10);
        assertTrue(ch.isActive(), "the peer was silent only while this end was stopped");
        assertTrue(seen.stream().noneMatch(e -> e instanceof Liveness.Silent), seen.toString());
        pass(ch, 4 * SECOND);
        assertTrue(ch.isActive(), "4 s of silence while this end runs");
        pass(ch, SECOND);
        assertFalse(ch.isActive(), "5 s of silence while this end runs: the peer is dead");
    }

    /** This end does not run for {@code nanos}: the clock and the scheduler jump, then what was due runs. */
    private void pause(EmbeddedChannel ch, long nanos) {
        now += nanos;
        ch.advanceTimeBy(nanos, TimeUnit.NANOSECONDS);
        ch.runScheduledPendingTasks();
        ch.runPendingTasks();
    }

    @Test
    void nothingIsCheckedBeforeTheHandshake() {
        EmbeddedChannel ch = new EmbeddedChannel(new Liveness(Liveness.Settings.of(SECOND), () -> now));
        pass(ch, 10 * SECOND);
        assertTrue(ch.isActive(), "the handshake has its own timeout");
        assertNull(ch.readOutbound());
    }
}
