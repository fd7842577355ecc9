package satin.deploy.cli;

import java.io.PrintWriter;
import java.util.Locale;

/** A progress bar on the error stream: how many runs are done, which runs now, and a guess of the time left. */
final class Progress {

    private static final int WIDTH = 30;

    private final int total;
    private final PrintWriter err;
    private final long start = System.nanoTime();
    private int done;

    Progress(int total, PrintWriter err) {
        this.total = total;
        this.err = err;
    }

    void starting(String what) {
        err.print("\r" + line(what));
        err.flush();
    }

    void note(String message) {
        err.println();
        err.println("satin: " + message);
    }

    void done() {
        done++;
        if (done == total) {
            err.println("\r" + line("done") + " ".repeat(20));
        }
        err.flush();
    }

    String line(String what) {
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        String bar = "#".repeat(filled) + ".".repeat(WIDTH - filled);
        double elapsed = (System.nanoTime() - start) / 1e9;
        String left = done == 0 ? "" : String.format(Locale.ROOT, ", about %.0f s left", elapsed / done * (total - done));
        return String.format(Locale.ROOT, "[%s] %d/%d %s (%.0f s%s)", bar, done, total, what, elapsed, left);
    }
}
