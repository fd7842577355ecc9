package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.deque.WorkDeque;
import satin.testing.Await;

/**
 * A bug of the runtime met while a sync waits, in a job the waiting worker runs meanwhile, is the
 * node's failure, as one met outside any job is: it unwinds into the waiting job's frames, and
 * passed for that job's failure, with the node going on as if nothing had happened.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NestedRuntimeBugTest {

    private static final CountDownLatch HOLD = new CountDownLatch(1);
    private static final AtomicBoolean HELD = new AtomicBoolean();

    /** A spawn that holds the worker that steals it until the test lets it go. */
    private static final class Held extends InvocationRecord {
        @Override
        protected void invoke() throws InterruptedException {
            HELD.set(true);
            HOLD.await();
        }
    }

    /** A job that is done, then throws on the worker that ran it: a bug in the runtime, played. */
    private static final class Breaks extends InvocationRecord {
        final AssertionError bug = new AssertionError("a bug in the runtime, played in a sync's wait");

        @Override
        protected void invoke() {
        }

        @Override
        protected void completed() {
            throw bug;
        }
    }

    @Test
    void aRuntimeBugInAJobRunDuringASyncsWaitFailsTheNodeNotTheWaitingJob() throws Exception {
        Breaks breaks = new Breaks();
        try (Node node = Node.start(NodeConfig.defaults().withName("nested").withWorkers(2))) {
            Thread submitter = new Thread(() -> {
                try {
                    Await.until(HELD::get, Duration.ofSeconds(20), () -> "the peer to steal the held spawn");
                    node.runAsIfLocal(breaks); // only the waiting worker is free to run it: in its sync's wait
                } catch (Throwable expected) {
                    // its own call ends with the node's failure too; the root call below is what is checked
                }
            });
            submitter.start();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> node.call(() -> {
                Worker w = Worker.current();
                WorkDeque<Slot> d = w.deque();
                int mark = d.head();
                Slot slot = d.claim();
                slot.describe(s -> new Held(), 0, null);
                d.push();
                Await.until(HELD::get, Duration.ofSeconds(20), () -> "the peer to steal the held spawn");
                assertTrue(!d.pop(), "the peer took it");
                try {
                    w.joinStolen(mark, 1, null);
                } finally {
                    HOLD.countDown();
                }
                return 1;
            }));
            submitter.join(20_000);
            assertTrue(e.getMessage().contains("of node nested died of") && e.getMessage().contains("played in a sync"),
                    e.getMessage());
            assertSame(breaks.bug, e.getCause());
            IllegalStateException later = assertThrows(IllegalStateException.class, () -> node.call(() -> 2));
            assertEquals(e.getMessage(), later.getMessage(), "a later call fails at once");
        }
    }
}
