package satin;

/**
 * Thrown by {@code sync()} when a call it waited for threw. The original exception, with its own
 * stack trace, is the {@linkplain #getCause() cause}; when several spawned calls of the same
 * invocation failed, the others are {@linkplain #getSuppressed() suppressed} here so that none is
 * lost. A failure that already travelled through an inner {@code sync()} is not wrapped twice: the
 * cause is always the exception the spawned method itself threw.
 */
public class SpawnException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public SpawnException(String message, Throwable cause) {
        super(message, cause);
    }
}
