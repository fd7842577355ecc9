package satin.deploy.launch;

import java.util.Map;

/**
 * Why this JVM is going down, seen from a shutdown hook: a thread that called {@code System.exit}
 * is still inside it while the hooks run, so its stack names the caller. A signal (Ctrl-C,
 * SIGTERM) goes down through the JVM's signal handler instead, which never calls
 * {@code Runtime.exit}.
 */
final class ExitCaller {

    private ExitCaller() {
    }

    /** The frame that called {@code System.exit} (or {@code Runtime.exit}), or null if nothing did. */
    static String find() {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            StackTraceElement[] frames = e.getValue();
            for (int i = 0; i < frames.length; i++) {
                if (frames[i].getClassName().equals("java.lang.Runtime") && frames[i].getMethodName().equals("exit")) {
                    return caller(frames, i + 1);
                }
            }
        }
        return null;
    }

    private static String caller(StackTraceElement[] frames, int from) {
        for (int k = from; k < frames.length; k++) {
            StackTraceElement f = frames[k];
            if (!f.getClassName().equals("java.lang.System")) { // without the class loader's name toString() puts first
                return f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")";
            }
        }
        return "a thread";
    }
}
