package satin.net;

import io.netty.channel.Channel;

/** Admitted connections over any channel, for tests of what reads a connection's messages. */
public final class TestConnections {

    private TestConnections() {
    }

    /** A connection over {@code channel} to a peer that introduced itself as {@code node}. */
    public static Connection over(Channel channel, String node) {
        return new Connection(channel, new Handshake.Admitted(node, "c0", "local://" + node));
    }
}
