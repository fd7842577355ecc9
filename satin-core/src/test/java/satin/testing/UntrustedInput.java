package satin.testing;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/**
 * What every fuzz target asserts of one input, whatever the reader: it comes back within a
 * deadline, having allocated at most a bound that grows with the input, with a value or with one
 * of the reader's own refusals carrying a message. Anything else (another throwable, a refusal
 * without a word of why, a hang, an allocation out of proportion) is thrown, so that Jazzer keeps
 * the input as a finding and the regression replay fails on it.
 *
 * <p>The reader runs on a thread of this class's, so that a hang can be told from a slow input and
 * the allocation counted is the reader's alone: the JVM counts bytes allocated per thread.
 */
public final class UntrustedInput {

    /** Far above what any reader takes on one small input, even in a cold JVM that loads its classes. */
    public static final Duration DEADLINE = Duration.ofSeconds(10);

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static ExecutorService reader = newReader();

    private UntrustedInput() {
    }

    /** What reads one input: anything it throws is judged, checked or not. */
    @FunctionalInterface
    public interface Reader<T> {
        T read() throws Throwable;
    }

    /**
     * How much reading one input may allocate: {@code baseBytes} for what the reader costs whatever
     * it reads (its tables, a parser's buffers), and {@code perInputByte} for each byte of input.
     */
    public record Bound(long baseBytes, long perInputByte) {
        long of(int inputBytes) {
            return baseBytes + perInputByte * inputBytes;
        }
    }

    /**
     * Reads one input with {@code read}; its value, or null when it was refused by one of
     * {@code refusals} (exactly those classes or their subclasses), with a message.
     *
     * @throws Throwable whatever else {@code read} threw, as it was, or an AssertionError for a
     *     refusal without a message, a hang or an allocation past {@code bound}
     */
    @SafeVarargs
    public static <T> T read(int inputBytes, Bound bound, Reader<T> read, Class<? extends Throwable>... refusals)
            throws Throwable {
        Outcome<T> outcome = run(read);
        if (outcome.allocated() > bound.of(inputBytes)) {
            outcome = run(read); // the first input of a JVM also pays for loading and initialising classes
        }
        if (outcome.allocated() > bound.of(inputBytes)) {
            throw new AssertionError("reading " + inputBytes + " bytes allocated " + outcome.allocated()
                    + " bytes, more than the bound of " + bound.of(inputBytes), outcome.thrown());
        }
        Throwable t = outcome.thrown();
        if (t == null) {
            return outcome.value();
        }
        for (Class<? extends Throwable> refusal : refusals) {
            if (refusal.isInstance(t)) {
                if (t.getMessage() == null || t.getMessage().isBlank()) {
                    throw new AssertionError("a refusal that does not say why: " + t, t);
                }
                return null;
            }
        }
        throw t;
    }

    private record Outcome<T>(T value, Throwable thrown, long allocated) {
    }

    private static synchronized <T> Outcome<T> run(Reader<T> read) throws InterruptedException {
        Future<Outcome<T>> f = reader.submit(() -> {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            T value = null;
            Throwable thrown = null;
            try {
                value = read.read();
            } catch (Throwable t) { // every kind: what is not a refusal is the finding
                thrown = t;
            }
            return new Outcome<>(value, thrown, THREADS.getCurrentThreadAllocatedBytes() - before);
        });
        try {
            return f.get(DEADLINE.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            AssertionError hang = new AssertionError("no answer within " + DEADLINE.toSeconds() + " s: a hang");
            hang.setStackTrace(readerStack());
            f.cancel(true);
            reader.shutdownNow();
            reader = newReader(); // the old thread may never come back
            throw hang;
        } catch (ExecutionException e) {
            throw new AssertionError("the reading thread failed itself", e.getCause());
        }
    }

    /** Where the reader is stuck: what a hang's finding must show. */
    private static StackTraceElement[] readerStack() {
        for (var e : Thread.getAllStackTraces().entrySet()) {
            if (e.getKey().getName().equals("satin-fuzz-reader")) {
                return e.getValue();
            }
        }
        return new StackTraceElement[0];
    }

    private static ExecutorService newReader() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "satin-fuzz-reader");
            t.setDaemon(true);
            return t;
        });
    }
}
