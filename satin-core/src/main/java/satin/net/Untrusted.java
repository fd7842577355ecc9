package satin.net;

/**
 * Text a peer sent before it proved the pool's secret (the names in its hello, the reason in its
 * refusal), made fit for a log line: control characters shown escaped, so that a newline cannot
 * write a second, forged line, and cut after so many characters, so that a stranger cannot write
 * kilobytes into the log with each connection.
 */
final class Untrusted {

    /** Longer than any name or refusal of satin's own. */
    static final int MAX_SHOWN = 200;

    private Untrusted() {
    }

    static String shown(String text) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length() && b.length() < MAX_SHOWN; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.length() < MAX_SHOWN || text.length() <= MAX_SHOWN ? b.toString()
                : b + "... (" + text.length() + " characters)";
    }
}
