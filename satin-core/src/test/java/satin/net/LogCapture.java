package satin.net;

import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What a logger says while a test runs, each line formatted as a person reads it: the tests of
 * refusals check that a reason was logged, and that no false one was.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    /** Held here: java.util.logging keeps its loggers weakly, and a collected one would lose the handler. */
    private final Logger logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
        logger.addHandler(this);
    }

    /** Starts capturing what {@code name} (satin.net, satin.pool, ...) logs, until closed. */
    public static LogCapture of(String name) {
        return new LogCapture(Logger.getLogger(name));
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines that contain {@code text}. */
    public List<String> containing(String text) {
        return lines.stream().filter(l -> l.contains(text)).toList();
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getMessage() != null) {
            lines.add(r.getParameters() == null ? r.getMessage() : MessageFormat.format(r.getMessage(), r.getParameters()));
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
