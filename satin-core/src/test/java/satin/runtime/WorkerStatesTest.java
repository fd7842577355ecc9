package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.config.Settings;
import satin.stats.WorkerStateLog;

/**
 * The states workers log for the timeline, driven step by step: the peer steals a spawn and runs
 * it while its owner waits in the sync, looking for other work; then each goes on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerStatesTest {

    /** A job that says it started and then waits for the gate. */
    private static final class Gated extends InvocationRecord {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch gate = new CountDownLatch(1);

        @Override
        protected void invoke() throws InterruptedException {
            started.countDown();
            gate.await();
        }
    }

    private static void waitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never: " + what);
            }
            Thread.onSpinWait();
        }
    }

    private static List<Integer> states(WorkerStateLog log) {
        List<Integer> s = new ArrayList<>();
        for (long e : log.entries()) {
            s.add(WorkerStateLog.state(e));
        }
        return s;
    }

    private static int last(WorkerStateLog log) {
        List<Integer> s = states(log);
        return s.isEmpty() ? -1 : s.get(s.size() - 1);
    }

    @Test
    void theOwnerStealsWhileItsStolenChildRunsOnThePeerThenRunsAgain() throws Exception {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            Gated job = new Gated();
            int[] owner = new int[1];
            node.call(() -> {
                Worker w = Worker.current();
                owner[0] = w.index;
                int mark = w.mark();
                w.spawn(job);
                job.started.await(); // the peer took it
                int before = states(w.states).size();
                Thread opener = new Thread(() -> {
                    try {
                        // an entry, not the last one: the owner may already have gone on to idle in its sync
                        waitUntil(() -> states(w.states).subList(before, states(w.states).size())
                                .contains(WorkerStateLog.STEALING), "the owner looks for work in its sync");
                    } finally {
                        job.gate.countDown(); // else the call would wait for ever, and the test with it
                    }
                });
                opener.start();
                w.syncAll(mark);
                opener.join();
                return null;
            });
            List<WorkerStateLog> logs = node.workerStates();
            assertEquals(2, logs.size());
            // each records that it looks for work again once its job is done, after whoever waited for the job went on
            waitUntil(() -> last(logs.get(0)) != WorkerStateLog.RUNNING && last(logs.get(1)) != WorkerStateLog.RUNNING,
                    "both look for work again");
            List<Integer> mine = states(logs.get(owner[0]));
            List<Integer> peers = states(logs.get(1 - owner[0]));
            assertTrue(inOrder(mine, WorkerStateLog.RUNNING, WorkerStateLog.STEALING, WorkerStateLog.RUNNING,
                    WorkerStateLog.STEALING), "owner: " + mine);
            assertTrue(inOrder(peers, WorkerStateLog.STEALING, WorkerStateLog.RUNNING, WorkerStateLog.STEALING),
                    "peer: " + peers);
            assertEquals(0, logs.get(0).dropped() + logs.get(1).dropped());
        }
    }

    @Test
    void aNodeStartedWithoutTheTimelineLogsNoStates() {
        String before = System.getProperty(Settings.TIMELINE.name());
        System.setProperty(Settings.TIMELINE.name(), "false");
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            node.call(() -> 1);
            assertTrue(node.workerStates().isEmpty());
        } finally {
            if (before == null) {
                System.clearProperty(Settings.TIMELINE.name());
            } else {
                System.setProperty(Settings.TIMELINE.name(), before);
            }
        }
    }

    /** Whether {@code states} holds {@code expected} as a subsequence. */
    private static boolean inOrder(List<Integer> states, int... expected) {
        int k = 0;
        for (int s : states) {
            if (k < expected.length && s == expected[k]) {
                k++;
            }
        }
        return k == expected.length;
    }
}
