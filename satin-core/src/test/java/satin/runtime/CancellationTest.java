package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SpawnException;
import satin.deque.DequeKind;

/**
 * A failure cancels the spawns of the same invocation that come after it in program order
 * (docs/decisions/0052): a later sibling never starts once an earlier one failed, one that runs
 * stops at its next spawn or sync, here or on the worker that stole it, the earlier ones always
 * finish, and the sync throws the earliest failure, as the sequential program does. On one worker
 * the sync runs the newest spawns first, so the later siblings ran before the failure: nothing is
 * left to cancel, and the result is the same.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CancellationTest {

    private static Node node(int workers, DequeKind deque) {
        return Node.start(NodeConfig.defaults().withName("cancel-" + deque + "-" + workers).withWorkers(workers)
                .withDeque(deque));
    }

    /** A node whose every spawn is stolen at once by the node itself, arguments shared (decision 0031). */
    private static Node everySpawnStolen(int workers) {
        return Node.start(NodeConfig.defaults().withName("stolen-" + workers).withWorkers(workers), JobCopier.sharing());
    }

    private static SpawnException run(Node node, Siblings s, Runnable between) {
        return assertThrows(SpawnException.class, () -> node.call(() -> {
            s.parent(between);
            return null;
        }));
    }

    /** What the sequential program shows: the earliest failure, the earlier siblings finished, no later one started after it. */
    private static void assertSequential(SpawnException e, Siblings s) {
        assertEquals("sibling " + s.failing + " failed", e.getCause().getMessage(), "the earliest failure");
        assertEquals(0, e.getSuppressed().length, "no cancelled sibling counts as a failure");
        for (int i = 0; i < s.failing; i++) {
            assertEquals(1, s.finished.get(i), "earlier sibling " + i + " finished: " + s.finishedOnes());
        }
        assertFalse(s.aLaterOneStartedAfterTheFailure(), "started: " + s.startedOnes());
    }

    @Test
    void onOneWorkerTheLaterSiblingsRanBeforeTheFailureAndNothingIsCancelled() {
        for (Node node : new Node[] {node(1, DequeKind.SPLIT), everySpawnStolen(1)}) {
            try (node) {
                Siblings s = new Siblings(5, 2);
                assertSequential(run(node, s, () -> { }), s);
                assertEquals("11111", s.startedOnes(), "the sync runs the newest first");
                assertEquals("11011", s.finishedOnes());
                assertEquals(0, node.statistics().total().cancelled());
            }
        }
    }

    @Test
    void onTwoWorkersNoLaterSiblingStartsOnceAStolenOneFailed() {
        try (Node node = node(2, DequeKind.SPLIT)) {
            Siblings s = new Siblings(4, 0);
            assertSequential(run(node, s, s::awaitFailure), s);
            assertEquals("1000", s.startedOnes(), "dropped from the deque unrun");
            assertEquals(3, node.statistics().total().cancelled());
        }
    }

    @Test
    void theEarlierSiblingsFinishAndNoLaterOneStarts() {
        for (Node node : new Node[] {node(2, DequeKind.LOCKED), everySpawnStolen(2)}) {
            try (node) {
                Siblings s = new Siblings(5, 2);
                assertSequential(run(node, s, s::awaitFailure), s);
                assertEquals("11100", s.startedOnes(), node.name());
                assertEquals("11000", s.finishedOnes(), node.name());
                assertEquals(2, node.statistics().total().cancelled(), node.name());
            }
        }
    }

    @Test
    void aLaterSiblingRunningInPlaceStopsAtItsNextSpawnOrSync() {
        for (Node node : new Node[] {node(2, DequeKind.SPLIT), node(2, DequeKind.LOCKED), everySpawnStolen(2)}) {
            try (node) {
                Siblings s = new Siblings(3, 0);
                s.spawner = 2; // the newest: the sync runs it first, in place, while the oldest is stolen
                s.failWhen = i -> s.started.get(2) > 0;
                assertSequential(run(node, s, () -> { }), s);
                assertStopped(s, node);
                assertEquals(0, s.started.get(1), node.name() + ": dropped, never started");
            }
        }
    }

    @Test
    void aLaterSiblingThatAnotherWorkerStoleIsToldToStop() {
        for (Node node : new Node[] {node(3, DequeKind.LOCKED), everySpawnStolen(3)}) {
            try (node) {
                Siblings s = new Siblings(3, 0);
                s.spawner = 1;
                s.failWhen = i -> s.started.get(1) > 0;
                assertSequential(run(node, s, s::awaitFailure), s);
                assertStopped(s, node);
                assertEquals("110", s.startedOnes(), node.name());
                assertEquals(2, node.statistics().total().cancelled(), node.name() + ": one told to stop, one dropped");
            }
        }
    }

    @Test
    void aLaterSiblingWaitingForItsGuardStopsWaiting() {
        for (Node node : new Node[] {node(3, DequeKind.LOCKED), everySpawnStolen(3)}) {
            try (node) {
                Siblings s = new Siblings(3, 0);
                s.guarded = 1;
                s.failWhen = i -> s.started.get(1) > 0;
                assertSequential(run(node, s, s::awaitFailure), s);
                assertTrue(s.guardLeft, node.name() + ": it stopped waiting, not after satin.guardWait's 60 s");
                assertEquals(0, s.finished.get(1), node.name() + ": it unwound");
            }
        }
    }

    private static void assertStopped(Siblings s, Node node) {
        assertTrue(s.spawnerEnded, node.name());
        assertTrue(s.rounds.get() < Siblings.LOTS, node.name() + ": stopped after " + s.rounds.get() + " rounds");
        assertEquals(0, s.finished.get(s.spawner), node.name() + ": it unwound");
    }

    @Test
    void theStatisticsTableCountsCancelledJobs() {
        try (Node node = node(2, DequeKind.SPLIT)) {
            Siblings s = new Siblings(4, 0);
            run(node, s, s::awaitFailure);
            String table = node.statistics().format();
            assertTrue(table.contains("cancelled"), table);
        }
    }
}
