package satin.net;

/** Where a connection's messages go once it is admitted. Called on the connection's event loop. */
public interface Inbox {

    void opened(Connection connection);

    void received(Connection connection, Message message);

    void closed(Connection connection);

    /** The peer said nothing for {@code nanos}, more than the failure detector allows: the connection closes next. */
    default void silent(Connection connection, long nanos) {
    }

    /** The connection was not admitted (wrong secret, wrong pool, no handshake in time), and closes. */
    default void refused(String reason) {
    }
}
