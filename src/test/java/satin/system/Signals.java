package satin.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Signals to a test's child processes as a terminal would send them. */
final class Signals {

    private static final int SIGINT = 2;

    private Signals() {
    }

    /**
     * Ctrl-C: SIGINT. A process started where SIGINT is ignored (a background job of a
     * non-interactive shell, which its children inherit) never sees it, and a JVM then installs
     * no handler for it; such a process gets SIGTERM, which runs the same shutdown hooks.
     */
    static void interrupt(Process p) throws IOException, InterruptedException {
        String signal = ignores(p.pid(), SIGINT) ? "-TERM" : "-INT";
        Daemons.check(List.of("kill", signal, Long.toString(p.pid())), 30);
    }

    /** Whether the process ignores {@code signal} (its SigIgn mask in /proc). */
    static boolean ignores(long pid, int signal) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("SigIgn:")) {
                long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
                return (mask & (1L << (signal - 1))) != 0;
            }
        }
        return false;
    }
}
