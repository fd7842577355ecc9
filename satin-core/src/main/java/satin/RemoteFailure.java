package satin;

/**
 * A spawned call failed on another node with an exception that could not be rebuilt here (its
 * class is not one of Java's own nor allowed to travel): its class name, message and stack trace,
 * as the cause of the {@link SpawnException} that the sync throws.
 */
public class RemoteFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final String remoteClass;

    public RemoteFailure(String remoteClass, String message) {
        super(remoteClass + (message == null ? "" : ": " + message));
        this.remoteClass = remoteClass;
    }

    /** The class of the exception the spawned call threw on the other node. */
    public String remoteClass() {
        return remoteClass;
    }
}
