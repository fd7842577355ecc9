package satin.rewriter;

/** The rewriter could not do its work for a reason outside the program: a missing class, bad input. */
public class RewriteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public RewriteException(String message) {
        super(message);
    }

    public RewriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
