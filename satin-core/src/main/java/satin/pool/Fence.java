package satin.pool;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a process that was frozen out of the run it was declared dead in. A process stopped for
 * longer than the failure timeout (SIGSTOP, a lost host that came back, a pause of the whole JVM)
 * has been given up by the pool, its jobs run elsewhere and its place as master taken: were it to
 * go on, it could print a second result. So a thread that wakes every tenth of the timeout sees
 * the gap when the process resumes, says why, and ends the process.
 */
final class Fence {

    private Fence() {
    }

    static void start(long timeoutNanos, PrintStream err) {
        long tick = Math.max(1, timeoutNanos / 10);
        Thread t = new Thread(() -> {
            long last = System.nanoTime();
            while (true) {
                try {
                    TimeUnit.NANOSECONDS.sleep(tick);
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                if (now - last > timeoutNanos) {
                    err.println("satin: this process was stopped for " + TimeUnit.NANOSECONDS.toMillis(now - last)
                            + " ms, longer than the failure timeout of " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                            + " ms: the pool has declared it dead and gone on without it; exiting");
                    err.flush();
                    Runtime.getRuntime().halt(PoolMain.FAILED);
                }
                last = now;
            }
        }, "satin-fence");
        t.setDaemon(true);
        t.start();
    }
}
