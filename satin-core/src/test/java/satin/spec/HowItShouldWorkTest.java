package satin.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import satin.deque.DequeKind;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.stats.NodeStats;
import satin.stats.WorkerStats;

/**
 * The hand-written rewritten programs compute exactly what the un-rewritten classes compute, on
 * one and on two workers, with every deque; and the runtime's bookkeeping adds up: every job a
 * worker ran for others was a job stolen from a peer or a root call.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HowItShouldWorkTest {

    private static final Node[] NODES = {
        Node.start(NodeConfig.defaults().withName("split-1")),
        Node.start(NodeConfig.defaults().withName("split-2").withWorkers(2)),
        Node.start(NodeConfig.defaults().withName("locked-1").withDeque(DequeKind.LOCKED)),
        Node.start(NodeConfig.defaults().withName("locked-2").withDeque(DequeKind.LOCKED).withWorkers(2)),
    };

    static Stream<Arguments> nodes() {
        return Stream.of(NODES).map(n -> Arguments.of(n.name(), n));
    }

    @AfterAll
    static void stop() {
        for (Node n : NODES) {
            n.close();
        }
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("nodes")
    void fibMatchesTheSequentialProgram(String name, Node node) {
        Fib sequential = new Fib();
        for (int n = 0; n <= 22; n++) {
            int k = n;
            assertEquals(sequential.fib(n), (long) node.call(() -> new FibByHand().fib(k)), "fib(" + n + ")");
        }
        assertEquals(sequential.fib(30), (long) node.call(() -> new FibByHand().fib(30)));
        assertBookkeepingAddsUp(node);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("nodes")
    void nqueensMatchesTheSequentialProgram(String name, Node node) {
        for (int n = 1; n <= 10; n++) {
            for (int spawnRows = 0; spawnRows <= 3; spawnRows++) {
                int k = n;
                int rows = spawnRows;
                long expected = new NQueens(rows).count(n);
                assertEquals(expected, (long) node.call(() -> new NQueensByHand(rows).count(k)),
                        "nqueens(" + n + ") spawning in " + rows + " rows");
            }
        }
        assertEquals(new NQueens(4).count(12), (long) node.call(() -> new NQueensByHand(4).count(12)));
        assertBookkeepingAddsUp(node);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("nodes")
    void anArrayLoopMatchesTheSequentialProgramToTheBit(String name, Node node) {
        for (int blocks : new int[] {1, 2, 3, 7, 64, 1000}) {
            double expected = ArrayLoop.harmonic(2_000_000, blocks);
            double actual = node.call(() -> ArrayLoopByHand.harmonic(2_000_000, blocks));
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                    "harmonic in " + blocks + " blocks: " + expected + " vs " + actual);
        }
        assertBookkeepingAddsUp(node);
    }

    @ParameterizedTest(name = "{0}", autoCloseArguments = false)
    @MethodSource("nodes")
    void aSpawnTree10000DeepNeedsNoMoreStackThanTheRuntimeGivesItsWorkers(String name, Node node) {
        assertEquals(10_000, (int) node.call(() -> new ChainByHand().depth(10_000)));
        assertEquals(200_000, (int) node.call(() -> new ChainByHand().depth(200_000)));
    }

    @Test
    void aCallFromOutsideEveryNodeHopsOntoTheEmbeddedNode() {
        assertEquals(new Fib().fib(24), new FibByHand().fib(24));
        assertEquals(new NQueens(2).count(8), new NQueensByHand(2).count(8));
        assertEquals(ArrayLoop.harmonic(1000, 10), ArrayLoopByHand.harmonic(1000, 10));
        assertEquals(10_000, new ChainByHand().depth(10_000));
    }

    /** Jobs run for others are exactly the stolen spawns plus the root calls submitted from outside. */
    private static void assertBookkeepingAddsUp(Node node) {
        NodeStats stats = node.statistics();
        WorkerStats.Snapshot total = stats.total();
        assertEquals(total.stolenFromMe() + stats.rootCalls(), total.jobsRunForOthers(),
                "stolen " + total.stolenFromMe() + " + root calls " + stats.rootCalls() + " vs jobs run for others");
        assertEquals(total.steals(), total.stolenFromMe(), "thieves and victims count the same steals");
    }
}
