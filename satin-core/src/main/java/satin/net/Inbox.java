package satin.net;

/** Where a connection's messages go once it is admitted. Called on the connection's event loop. */
public interface Inbox {

    /**
     * The reason {@link #refused} gives when the peer closed before the handshake ended and said
     * nothing: no refusal of ours and no TLS failure, but most often its deadline for unproven
     * connections running out on a loaded machine. Worth another try, unlike a refusal.
     */
    String CLOSED_UNPROVEN = "the connection closed before the handshake finished";

    /** Whether a refusal was a deadline's, not a judgement of the peer: another try may well succeed. */
    static boolean outOfTime(String refusal) {
        return CLOSED_UNPROVEN.equals(refusal) || refusal != null && refusal.startsWith(Handshake.NO_HANDSHAKE);
    }

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
