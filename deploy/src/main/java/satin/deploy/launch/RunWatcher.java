package satin.deploy.launch;

import java.io.PrintWriter;

/**
 * Who hears a run while it goes, rather than only when it is over: a user watching a slow or stuck
 * deployment, a script waiting for the registry's address. The launcher calls it from the threads
 * that read the members' streams, as each line comes; an implementation must bear calls from
 * several threads at once.
 */
public interface RunWatcher {

    /** A line of the run's main output: what the master's main printed (or that of a member that took its place). */
    void mainOutput(String line);

    /**
     * Any other line a member printed, as it came.
     *
     * @param who its cluster and host, {@code east@east-1}
     */
    void memberLine(String who, String line);

    /** What the launcher itself says of the run: where its registry is, that main started or ended, why it ended. */
    void progress(String message);

    /** Hears nothing: what a run gives is in its outcome and its directory only. */
    RunWatcher SILENT = new RunWatcher() {
        @Override
        public void mainOutput(String line) {
        }

        @Override
        public void memberLine(String who, String line) {
        }

        @Override
        public void progress(String message) {
        }
    };

    /**
     * Prints the main output unprefixed on {@code out}, as the program alone would (users and tests
     * compare it with the sequential program's), and everything else on {@code err}, each member's
     * lines prefixed by {@code [cluster@host]}; every line flushed as it comes.
     */
    static RunWatcher printing(PrintWriter out, PrintWriter err) {
        return new RunWatcher() {
            @Override
            public synchronized void mainOutput(String line) {
                out.println(line);
                out.flush();
            }

            @Override
            public synchronized void memberLine(String who, String line) {
                err.println("[" + who + "] " + line);
                err.flush();
            }

            @Override
            public synchronized void progress(String message) {
                err.println(message);
                err.flush();
            }
        };
    }
}
