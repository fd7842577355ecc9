package satin.deploy.descriptor;

/**
 * One thing wrong with a descriptor, where it is and what was expected.
 *
 * @param origin  the descriptor's file (or the name a test gave it)
 * @param line    1-based line of the offending key or value
 * @param column  1-based column
 * @param path    the key path, {@code clusters[1].nodes}; empty for the document itself
 * @param message what was found and what was expected
 */
public record Problem(String origin, int line, int column, String path, String message) {

    /** {@code FILE:LINE:COLUMN: key.path: message}, the form editors and compilers use. */
    @Override
    public String toString() {
        return origin + ":" + line + ":" + column + ": " + (path.isEmpty() ? "" : path + ": ") + message;
    }
}
