package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SpawnException;
import satin.spec.Failing;
import satin.spec.FailingByHand;

/**
 * A spawned call's exception is rethrown by the sync that waits for it, wrapped once, with the
 * original (and its stack trace) as the cause, whether the call ran here or was stolen; none is
 * lost when several fail.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SyncExceptionTest {

    private static final Node ONE = Node.start(NodeConfig.defaults().withName("one"));
    private static final Node TWO = Node.start(NodeConfig.defaults().withName("two").withWorkers(2));

    @AfterAll
    static void stop() {
        ONE.close();
        TWO.close();
    }

    @Test
    void theSequentialProgramThrowsTheOriginal() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Failing().pair(1, -2));
        assertEquals("negative: -2", e.getMessage());
    }

    @Test
    void aChildThatRanHereFailsTheSyncWithTheOriginalAsCause() {
        SpawnException e = assertThrows(SpawnException.class, () -> ONE.call(() -> new FailingByHand().pair(1, -2)));
        IllegalArgumentException cause = assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertEquals("negative: -2", cause.getMessage());
        assertThrownBy(cause, "check");
        assertEquals(0, e.getSuppressed().length);
    }

    @Test
    void everyFailureOfOneSyncIsKept() {
        SpawnException e = assertThrows(SpawnException.class, () -> ONE.call(() -> new FailingByHand().pair(-1, -2)));
        assertEquals(1, e.getSuppressed().length);
        String messages = e.getCause().getMessage() + " " + e.getSuppressed()[0].getMessage();
        assertTrue(messages.contains("negative: -1") && messages.contains("negative: -2"), messages);
    }

    @Test
    void aStolenChildFailsTheSyncThatWaitsForItTheSameWay() {
        assertEquals(105, (long) TWO.call(() -> new FailingByHand().stolenPair(5)), "the older spawn ran on the peer");
        SpawnException e = assertThrows(SpawnException.class, () -> TWO.call(() -> new FailingByHand().stolenPair(-5)));
        IllegalArgumentException cause = assertInstanceOf(IllegalArgumentException.class, e.getCause());
        assertEquals("negative: -5", cause.getMessage());
        assertThrownBy(cause, "signal");
        assertTrue(TWO.statistics().total().steals() >= 2, "both calls stole the older spawn");
    }

    @Test
    void aFailureCrossingSeveralSyncsIsWrappedOnce() {
        SpawnException e = assertThrows(SpawnException.class, () -> ONE.call(() -> ONE_LEVEL_UP.call()));
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
    }

    @Test
    void aCallFromOutsideEveryNodeSeesTheSyncsExceptionUnchanged() {
        SpawnException e = assertThrows(SpawnException.class, () -> new FailingByHand().pair(3, -4));
        assertEquals("negative: -4", e.getCause().getMessage());
        assertThrownBy(e.getCause(), "check");
    }

    @Test
    void theOtherChildrenStillRunWhenOneFails() {
        int[] ran = new int[2];
        SpawnException e = assertThrows(SpawnException.class, () -> TWO.call(() -> {
            Worker w = Worker.current();
            int mark = w.mark();
            w.spawn(new Step(ran, 0, false));
            w.spawn(new Step(ran, 1, true));
            w.syncAll(mark);
            return null;
        }));
        assertEquals("step 1 failed", e.getCause().getMessage());
        assertEquals(1, ran[0], "the sibling of the failed call ran");
        assertEquals(1, ran[1]);
    }

    @Test
    void aMethodLeavingByAnExceptionFinishesItsSpawnsFirstAndThrowsTheirFailure() {
        int[] ran = new int[2];
        IllegalStateException thrown = new IllegalStateException("the method's own failure");
        Throwable left = ONE.call(() -> {
            Worker w = Worker.current();
            int mark = w.mark();
            w.spawn(new Step(ran, 0, false));
            w.spawn(new Step(ran, 1, true));
            return w.leave(mark, thrown);
        });
        // the spawns came before the method's own failure: the sequential program throws theirs
        SpawnException children = assertInstanceOf(SpawnException.class, left);
        assertEquals("step 1 failed", children.getCause().getMessage());
        assertSame(thrown, children.getSuppressed()[0], "the method's own failure is kept, suppressed");
        assertEquals(1, ran[0], "both spawns ran before the method left");
        assertEquals(1, ran[1]);
        assertEquals(0, dequeHead(ONE), "the deque is empty again");
    }

    private static final java.util.concurrent.Callable<Long> ONE_LEVEL_UP = () -> {
        Worker w = Worker.current();
        int mark = w.mark();
        w.spawn(new PairRecord());
        w.syncAll(mark);
        return 0L;
    };

    private static int dequeHead(Node node) {
        return node.call(() -> Worker.current().mark());
    }

    private static void assertThrownBy(Throwable t, String method) {
        assertTrue(Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getMethodName().equals(method)),
                "the original stack trace names " + method + ": " + Arrays.toString(t.getStackTrace()));
    }

    /** A record-form spawn whose call fails after a nested sync failed. */
    private static final class PairRecord extends InvocationRecord {
        @Override
        protected void invoke() {
            new FailingByHand().pair(1, -1);
        }
    }

    /** A record-form spawn that notes that it ran, and fails if told to. */
    private static final class Step extends InvocationRecord {
        private final int[] ran;
        private final int index;
        private final boolean fail;

        Step(int[] ran, int index, boolean fail) {
            this.ran = ran;
            this.index = index;
            this.fail = fail;
        }

        @Override
        protected void invoke() {
            ran[index]++;
            if (fail) {
                throw new IllegalStateException("step " + index + " failed");
            }
        }
    }
}
