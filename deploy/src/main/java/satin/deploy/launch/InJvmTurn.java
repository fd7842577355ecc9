package satin.deploy.launch;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * {@code System.out} and the nodes' transport are one per JVM: runs with in-JVM members take
 * turns, and a turn ends when the member's thread has, even after a timeout.
 */
final class InJvmTurn {

    private static final Semaphore TURN = new Semaphore(1);

    private InJvmTurn() {
    }

    /** Waits for the turn of the run of {@code pool} until {@code deadline} (a {@link System#nanoTime()}). */
    static void take(String pool, String origin, long deadline) throws IOException, InterruptedException {
        if (!TURN.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw new IOException("pool " + pool + " (" + origin + "): an earlier run with clusters "
                    + "in this JVM still runs here (past its timeout?), and this one's timeout passed waiting for it");
        }
    }

    /** A thread that ignored its interruption still holds the JVM's transport: the next in-JVM run waits for it. */
    static void endWhenThreadsEnd(List<Running> members, String pool) {
        List<Running> threads = members.stream().filter(r -> r instanceof Running.OfThread).toList();
        Thread waiter = new Thread(() -> {
            try {
                for (Running r : threads) {
                    while (!r.awaitEnd(1000)) {
                        r.destroy();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                TURN.release();
            }
        }, "satin-launch-turn-" + pool);
        waiter.setDaemon(true);
        waiter.start();
    }
}
