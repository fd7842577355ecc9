package satin.net;

/** A peer broke the protocol: the connection it came on is closed, and the reason logged. */
public class ProtocolException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }
}
