package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SpawnException;
import satin.spec.FibByHand;
import satin.stats.NodeStats;
import satin.testing.Await;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NodeTest {

    @Test
    void aRootCallRunsOnAWorkerOfTheNode() {
        try (Node node = Node.start(NodeConfig.defaults().withName("n").withWorkers(2))) {
            Worker w = node.call(Worker::current);
            assertNotNull(w);
            assertSame(node, w.node);
            assertTrue(w.getName().startsWith("n-worker-"));
            assertTrue(w.isDaemon(), "workers must not keep the JVM alive");
        }
        assertNull(Worker.current(), "the test thread is outside every node");
    }

    @Test
    void aRootCallsCheckedExceptionComesBackAsItsCause() {
        try (Node node = Node.start(NodeConfig.defaults())) {
            SpawnException e = assertThrows(SpawnException.class, () -> node.call(() -> {
                throw new IOException("disk");
            }));
            assertEquals("disk", e.getCause().getMessage());
        }
    }

    @Test
    void closingStopsTheWorkersAndRefusesNewCalls() throws InterruptedException {
        Node node = Node.start(NodeConfig.defaults().withWorkers(2));
        Worker[] workers = node.workers();
        assertEquals(55L, (long) node.call(() -> new FibByHand().fib(10)));
        node.close();
        for (Worker w : workers) {
            w.join(5_000);
            assertFalse(w.isAlive(), w.getName() + " stopped");
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> node.call(() -> 1));
        assertTrue(e.getMessage().contains("stopped"), e.getMessage());
        node.close(); // twice is harmless
    }

    @Test
    void statisticsCountSpawnsAndPrintAsATable() {
        try (Node node = Node.start(NodeConfig.defaults().withName("stats").withWorkers(2))) {
            node.call(() -> new FibByHand().fib(20));
            NodeStats stats = node.statistics();
            // fib(n) pushes 1 call per non-leaf invocation (the other runs in place, decision 0013):
            // fib(n+1) - 1 = 10945 for n = 20
            assertEquals(10_945, stats.total().spawns());
            assertEquals(1, stats.rootCalls());
            String table = stats.format();
            assertTrue(table.contains("statistics of node stats (2 workers"), table);
            assertTrue(table.contains("total"), table);
            assertTrue(table.contains("10945"), table);
        }
    }

    @Test
    void aSyncWithNothingSpawnedReturnsAtOnceAndLeavesTheDequeAlone() {
        try (Node node = Node.start(NodeConfig.defaults())) {
            int head = node.call(() -> {
                Worker w = Worker.current();
                int mark = w.mark();
                w.syncAll(mark);
                assertEquals(0, w.joinStolen(mark, 0, null).length);
                satin.Satin.sync();
                return w.mark();
            });
            assertEquals(0, head);
            assertEquals(0, node.statistics().total().syncWaits());
        }
    }

    /** A job that is done, then throws on its worker: what a bug in the runtime does after a job ends. */
    private static final class BreaksItsWorker extends InvocationRecord {
        final CountDownLatch release = new CountDownLatch(1);
        final AssertionError bug = new AssertionError("a bug in the runtime, played");

        @Override
        protected void invoke() {
        }

        @Override
        protected void completed() {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw bug;
        }
    }

    @Test
    void aWorkerThatDiesFailsTheCallsWaitingOnItsNodeInsteadOfHangingThem() throws InterruptedException {
        try (Node node = Node.start(NodeConfig.defaults().withName("dies").withWorkers(1))) {
            BreaksItsWorker breaking = new BreaksItsWorker();
            node.runAsIfLocal(breaking);
            AtomicReference<Throwable> waiting = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    node.call(() -> 1);
                } catch (Throwable t) {
                    waiting.set(t);
                }
            });
            caller.start();
            Await.until(() -> caller.getState() == Thread.State.TIMED_WAITING, Duration.ofSeconds(10),
                    () -> "the second call to wait for the one worker");

            breaking.release.countDown();
            caller.join(10_000);

            assertFalse(caller.isAlive(), "the waiting call ended");
            Throwable e = waiting.get();
            assertTrue(e instanceof IllegalStateException && e.getMessage().contains("worker dies-worker-0 of node dies died of")
                    && e.getMessage().contains("bug in the runtime, played"), String.valueOf(e));
            assertSame(breaking.bug, e.getCause());
            IllegalStateException later = assertThrows(IllegalStateException.class, () -> node.call(() -> 2));
            assertEquals(e.getMessage(), later.getMessage(), "a later call fails at once");
        }
    }
}
