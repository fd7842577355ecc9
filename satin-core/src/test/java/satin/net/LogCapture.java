package satin.net;

import java.text.MessageFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
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
    private final List<Throwable> thrown = new CopyOnWriteArrayList<>();

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

    /** The exceptions logged with their traces, in order. */
    public List<Throwable> thrown() {
        return List.copyOf(thrown);
    }

    /** The lines that contain {@code text}. */
    public List<String> containing(String text) {
        return lines.stream().filter(l -> l.contains(text)).toList();
    }

    /** The first line that contains {@code text}, once logged; fails if none is within {@code seconds}. */
    public synchronized String await(String text, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            List<String> found = containing(text);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        throw new AssertionError("nothing containing '" + text + "' was logged within " + seconds + " s: " + lines);
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getThrown() != null) {
            thrown.add(r.getThrown());
        }
        if (r.getMessage() != null) {
            lines.add(r.getParameters() == null ? r.getMessage() : MessageFormat.format(r.getMessage(), r.getParameters()));
            synchronized (this) {
                notifyAll();
            }
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
