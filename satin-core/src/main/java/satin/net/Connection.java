package satin.net;

import io.netty.channel.Channel;

/** An admitted connection to a peer: send messages, learn who it is. */
public final class Connection {

    private final Channel channel;
    private final Handshake.Admitted peer;

    Connection(Channel channel, Handshake.Admitted peer) {
        this.channel = channel;
        this.peer = peer;
    }

    public void send(Message m) {
        outOfLine(() -> channel.writeAndFlush(m, channel.voidPromise()));
    }

    /**
     * Runs a write now, or, on an in-JVM channel's own event loop, as the loop's next task. Netty's
     * in-JVM transport hands a write to a peer on the same event loop inline, in the sender's call:
     * a sender holding a lock (a link's, a balancer's) then runs the peer's handlers under it, and two
     * such chains deadlock. Dual's notes did (a link flushing what waited for it into a node whose
     * balancer was held by a thread waiting for that link, 2026-11-28). Writes from other threads
     * are queued on the loop anyway, so the order of one sender's messages is kept.
     */
    private void outOfLine(Runnable write) {
        if (channel instanceof io.netty.channel.local.LocalChannel && channel.eventLoop().inEventLoop()) {
            channel.eventLoop().execute(write);
        } else {
            write.run();
        }
    }

    /**
     * Tells the connection the peer's cluster: from now on its traffic counts as wide-area or
     * local, and what this end sends crosses the emulated link between the two clusters, if any.
     */
    public void classify(String peerCluster, boolean wideArea) {
        classify(peerCluster, wideArea, 0);
    }

    /** {@link #classify(String, boolean)}, and the link's round trip, which the failure detector allows for. */
    public void classify(String peerCluster, boolean wideArea, long roundTripNanos) {
        Traffic.classify(channel, wideArea);
        channel.attr(WanEmulator.PEER_CLUSTER).set(peerCluster);
        channel.attr(Liveness.ROUND_TRIP).set(roundTripNanos);
    }

    /** Whether the link is TLS: the peer proved the pool's identity in TLS too, and what it carries is sealed. */
    public boolean encrypted() {
        return channel.pipeline().get(TlsOrPlain.TLS_HANDLER) != null;
    }

    public Handshake.Admitted peer() {
        return peer;
    }

    /** Runs {@code task} on the connection's event loop: after the messages delivered so far, before the next. */
    public void execute(Runnable task) {
        channel.eventLoop().execute(task);
    }

    /** Runs {@code task} on the connection's event loop after {@code delayNanos}. */
    public void schedule(long delayNanos, Runnable task) {
        channel.eventLoop().schedule(task, delayNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Sends a last message and closes once it is written. */
    /**
     * Sends this connection's last message and runs {@code then} once the peer has it. Over TCP a
     * socket closed with unread input resets the connection, and a reset makes the peer drop what
     * it had not read yet: so this end only half-closes, keeps reading, and goes on when the peer
     * has closed its side (or after {@code timeoutMillis}).
     */
    public void sendLast(Message m, long timeoutMillis, Runnable then) {
        java.util.concurrent.atomic.AtomicBoolean ran = new java.util.concurrent.atomic.AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                then.run();
            }
        };
        outOfLine(() -> channel.writeAndFlush(m).addListener(f -> {
            if (f.isSuccess() && channel instanceof io.netty.channel.socket.DuplexChannel duplex) {
                duplex.shutdownOutput();
                channel.closeFuture().addListener(closed -> once.run());
                channel.eventLoop().schedule(once, timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
            } else {
                once.run(); // in-VM channels lose nothing on close; a failed write has nothing to wait for
            }
        }));
    }

    public void sendAndClose(Message m) {
        outOfLine(() -> channel.writeAndFlush(m).addListener(f -> channel.close()));
    }

    public boolean isOpen() {
        return channel.isActive();
    }

    public void close() {
        outOfLine(channel::close); // after what was sent before it
    }

    /**
     * Waits at most {@code millis} until the connection is closed (by either end); never call it
     * on an event loop.
     */
    public void awaitClosed(long millis) {
        channel.closeFuture().awaitUninterruptibly(millis);
    }

    @Override
    public String toString() {
        return peer + " on " + channel;
    }
}
