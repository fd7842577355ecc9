package satin.codec;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Where jobs and results are decoded (and results written again on an event loop): on the
 * connection's event loop, where nearly all of them fit, and, for one nested too deeply for that
 * stack (a long linked list), once more on a thread with a deep stack. Nothing thrown while
 * decoding leaves here as anything but a {@link RuntimeException} naming what could not be read:
 * an error must reach the job's sync, or make the job run again, and never stop an event loop.
 */
public final class Decoding {

    /** The stack of the thread that decodes what overflowed an event loop's stack. */
    static final long DEEP_STACK_BYTES = 1L << 30;
    private static final ExecutorService DEEP = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(null, r, "satin-deep-decoder", DEEP_STACK_BYTES);
        t.setDaemon(true);
        return t;
    });

    /** Thrown when something cannot be decoded even on the deep stack, or fails other than as a RuntimeException. */
    public static final class Undecodable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Undecodable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private Decoding() {
    }

    public static <T> T decode(String what, Supplier<T> decoder) {
        return onStackThatHoldsIt("read", what, decoder);
    }

    /**
     * Writes as {@link #decode} reads: the result of a job this node passed on comes back on an
     * event loop, and is written again there for the job's owner.
     */
    public static <T> T encode(String what, Supplier<T> encoder) {
        return onStackThatHoldsIt("write", what, encoder);
    }

    private static <T> T onStackThatHoldsIt(String verb, String what, Supplier<T> work) {
        try {
            return work.get();
        } catch (RuntimeException | StackOverflowError e) {
            if (!overflowed(e)) {
                throw (RuntimeException) e;
            }
            return onDeepStack(verb, what, work);
        } catch (Throwable t) {
            throw new Undecodable("cannot " + verb + " " + what + ": " + t, t);
        }
    }

    /**
     * Whether the stack overflowed: Kryo's field reader wraps whatever a field's read throws, an
     * overflow too, in a KryoException, so an object nested in its fields (a linked list) overflows
     * as a RuntimeException.
     */
    private static boolean overflowed(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    private static <T> T onDeepStack(String verb, String what, Supplier<T> work) {
        Future<T> deep = DEEP.submit(() -> {
            try {
                return work.get();
            } catch (RuntimeException | StackOverflowError e) {
                if (!overflowed(e)) {
                    throw e;
                }
                throw new Undecodable("cannot " + verb + " " + what + ": it is nested too deeply even for a "
                        + (DEEP_STACK_BYTES >> 20) + " MiB stack (a stack overflow)", null);
            }
        });
        try {
            return deep.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new Undecodable("cannot " + verb + " " + what + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Undecodable("cannot " + verb + " " + what + ": interrupted", e);
        }
    }
}
