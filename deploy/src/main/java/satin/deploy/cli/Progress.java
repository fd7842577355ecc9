package satin.deploy.cli;

import java.io.PrintWriter;
import java.util.Locale;
import satin.deploy.launch.RunWatcher;

/**
 * A progress bar on the error stream: how many runs are done, which runs now, and a guess of the
 * time left; what the run under way prints goes below it as it comes.
 */
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

    /** Whether the bar is the last thing printed, with no newline after it. */
    private boolean barShown;

    synchronized void starting(String what) {
        err.print("\r" + line(what));
        err.flush();
        barShown = true;
    }

    synchronized void note(String message) {
        err.println();
        err.println("satin: " + message);
        barShown = false;
    }

    /** A line of the run under way (what a process printed, as it came): below the bar, which the next run redraws. */
    synchronized void live(String line) {
        if (barShown) {
            err.println();
            barShown = false;
        }
        err.println(line);
        err.flush();
    }

    /** What the progress bar's runs print, as it comes: their main output too goes to the error stream, stdout is the table's. */
    RunWatcher watcher() {
        return new RunWatcher() {
            @Override
            public void mainOutput(String line) {
                live("[main] " + line);
            }

            @Override
            public void memberLine(String who, String line) {
                live("[" + who + "] " + line);
            }

            @Override
            public void progress(String message) {
                live(message);
            }
        };
    }

    synchronized void done() {
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
