package satin.launch;

/**
 * A program's static initializer that threw, in one line: the class, what it threw and where. The
 * JVM reports it as an {@code ExceptionInInitializerError} (the first use) or as a
 * {@code NoClassDefFoundError: Could not initialize class} (every later use, whose cause since Java
 * 17 is an {@code ExceptionInInitializerError} that holds the first exception's name, message and
 * frames, but not the exception itself); neither names the cause's place in its first line.
 */
final class InitializerFailure {

    private static final String SAVED_PREFIX = "Exception ";
    private static final String SAVED_THREAD = " [in thread ";

    private InitializerFailure() {
    }

    /** The initializer failure behind {@code t}, as a sentence; null if no initializer failed. */
    static String describe(Throwable t) {
        for (Throwable e = t; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof ExceptionInInitializerError init) {
                Throwable cause = init.getCause();
                return cause != null ? sentence(cause.toString(), cause.getStackTrace())
                        : sentence(saved(init.getMessage()), init.getStackTrace());
            }
        }
        return null;
    }

    private static String sentence(String thrown, StackTraceElement[] frames) {
        String owner = null;
        for (StackTraceElement f : frames) {
            if (f.getMethodName().equals("<clinit>")) {
                owner = f.getClassName();
                break;
            }
        }
        return "the static initializer of " + (owner == null ? "a class" : owner) + " threw " + thrown
                + (frames.length == 0 ? "" : " at " + where(frames[0]));
    }

    private static String where(StackTraceElement top) {
        return top.getFileName() != null && top.getLineNumber() >= 0 ? top.getFileName() + ":" + top.getLineNumber()
                : top.toString();
    }

    /** {@code java.lang.X: message} from the JVM's saved form {@code Exception java.lang.X: message [in thread "main"]}. */
    private static String saved(String message) {
        if (message == null) {
            return "an exception";
        }
        String m = message.startsWith(SAVED_PREFIX) ? message.substring(SAVED_PREFIX.length()) : message;
        int thread = m.lastIndexOf(SAVED_THREAD);
        return thread >= 0 ? m.substring(0, thread) : m;
    }
}
