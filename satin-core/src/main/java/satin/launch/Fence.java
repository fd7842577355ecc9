package satin.launch;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Keeps a master that was frozen out of the run it was declared dead in. A process stopped for
 * longer than the failure timeout (SIGSTOP, a lost host that came back, a pause of the whole JVM)
 * has been given up by the pool and its place as master taken: were its main to go on, it could
 * print a second result. So a thread that wakes every tenth of the timeout sees the gap when the
 * process resumes, says why, and ends the process. Only while the process is the master's: any
 * other process declared dead learns it from the registry, which refuses it, and what it computes
 * meanwhile is thrown away; and a process starved of the CPU for a while (several JVMs starting
 * on two cores) should not end itself for that.
 */
final class Fence {

    private Fence() {
    }

    static void start(long timeoutNanos, PrintStream err, BooleanSupplier master) {
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
                if (now - last > timeoutNanos && master.getAsBoolean()) {
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
