package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.SpawnException;

/**
 * By-value mode on one node: a program that relies on its spawns sharing an argument gives the
 * sequential answer normally and a visibly different one by value, on one worker and on two;
 * results still come back, and failures and refusals reach the sync.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ByValueTest {

    private static final int LEAVES = 256;

    private static int[] leavesAndMarks(NodeConfig config) {
        try (Node node = Node.start(config)) {
            boolean[] seen = new boolean[LEAVES];
            int leaves = node.call(() -> new Marking("note").mark(seen, 0, LEAVES));
            return new int[] {leaves, Marking.marked(seen)};
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void sharedArgumentsAreSharedNormally(int workers) {
        int[] run = leavesAndMarks(NodeConfig.defaults().withWorkers(workers));
        assertEquals(LEAVES, run[0]);
        assertEquals(LEAVES, run[1], "the sequential program marks every leaf in the caller's array");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void byValueEverySpawnWritesItsOwnCopy(int workers) {
        int[] run = leavesAndMarks(NodeConfig.defaults().withWorkers(workers).withByValue(true));
        assertEquals(LEAVES, run[0], "results are copied back");
        assertEquals(0, run[1], "no spawn wrote the caller's array");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aFailureOfACopiedCallReachesTheSyncWithItsCause(int workers) {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
            SpawnException e = assertThrows(SpawnException.class,
                    () -> node.call(() -> new Marking(null).mark(new boolean[8], -1, 7)));
            Throwable cause = e.getCause() instanceof SpawnException inner ? inner.getCause() : e.getCause();
            assertInstanceOf(IllegalArgumentException.class, cause, e.toString());
            assertEquals("negative index -1", cause.getMessage());
        }
    }

    /** What could not leave a node on a pool (and would run there by reference) is reported, not run. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aCallThatMayNotTravelFailsLoudlyByValue(int workers) {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
            boolean[] seen = new boolean[4];
            SpawnException e = assertThrows(SpawnException.class,
                    () -> node.call(() -> new Marking(new StringBuilder("not allowed")).mark(seen, 0, 4)));
            Throwable cause = e.getCause() instanceof SpawnException inner ? inner.getCause() : e.getCause();
            assertInstanceOf(IllegalStateException.class, cause, e.toString());
            String message = cause.getMessage();
            assertTrue(message.startsWith("satin.byValue=always: the call spawned by satin.runtime.Marking$$Spawn0"
                    + " could not travel"), message);
            assertTrue(message.contains("class java.lang.StringBuilder may not travel"), message);
            assertTrue(message.contains("note"), "the field path: " + message);
            assertEquals(0, Marking.marked(seen), "no refused call ran");
        }
    }

    /**
     * A copier that copies nothing takes every spawn down the stolen path all the same (a pop finds
     * its spawn taken, the sync joins it), with the arguments shared as on one node: the answer and
     * the caller's array are the sequential program's, and a failure reaches the sync.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aSharingCopierStealsEverySpawnAndSharesItsArguments(int workers) {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(workers), JobCopier.sharing())) {
            boolean[] seen = new boolean[LEAVES];
            assertEquals(LEAVES, node.call(() -> new Marking(new StringBuilder("not copied")).mark(seen, 0, LEAVES)));
            assertEquals(LEAVES, Marking.marked(seen), "every spawn wrote the caller's array");
            assertFalse(node.call(ByValueTest::spawnAndPop), "the pop found its spawn stolen");
            SpawnException e = assertThrows(SpawnException.class,
                    () -> node.call(() -> new Marking(null).mark(new boolean[8], -1, 7)));
            Throwable cause = e.getCause() instanceof SpawnException inner ? inner.getCause() : e.getCause();
            assertEquals("negative index -1", cause.getMessage());
        }
    }

    private static boolean spawnAndPop() {
        Worker w = Worker.current();
        int mark = w.mark();
        Slot slot = w.claim();
        slot.describe(Marking$$Spawn0.FACTORY, 0, new Marking(null));
        slot.a0 = new boolean[1];
        slot.j0 = 0;
        slot.j1 = 1;
        w.push();
        boolean popped = w.popOwn();
        if (!popped) {
            w.joinStolen(mark);
        }
        return popped;
    }
}
