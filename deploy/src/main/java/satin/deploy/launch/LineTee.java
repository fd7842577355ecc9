package satin.deploy.launch;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * The stream a member in this JVM prints to, cut into lines as they come: each complete line goes
 * to a sink at once (the live output), and what the sink keeps of it makes the member's text,
 * which the run directory holds at the end.
 */
final class LineTee extends OutputStream {

    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private final StringBuilder text = new StringBuilder();
    /** Hears each line; returns what to keep of it, or null for nothing. */
    private final UnaryOperator<String> sink;

    LineTee(UnaryOperator<String> sink) {
        this.sink = sink;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            endLine();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    private void endLine() {
        String kept = sink.apply(line.toString(StandardCharsets.UTF_8));
        line.reset();
        if (kept != null) {
            text.append(kept).append('\n');
        }
    }

    /** Everything kept so far, and the line under way as it is. */
    synchronized String text() {
        return text + line.toString(StandardCharsets.UTF_8);
    }

    /** The member is done: a last line without its newline goes to the sink too; text() stays as it was. */
    synchronized void finish() {
        if (line.size() > 0) {
            String last = line.toString(StandardCharsets.UTF_8);
            line.reset();
            String kept = sink.apply(last);
            if (kept != null) {
                text.append(kept);
            }
        }
    }
}
