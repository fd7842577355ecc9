package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.apps.fib.Fib;
import satin.apps.fib.FibThreshold;
import satin.apps.nqueens.NQueens;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * The rewritten applications in by-value mode ({@code satin.byValue=always}), where every spawn's
 * arguments and result go through the pool's codec even on one node: they still compute what the
 * sequential programs compute, because they do not rely on sharing their arguments.
 */
class ByValueAppsTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void fibAndNQueensComputeTheSequentialResultsByValue(int workers) throws Exception {
        Class<?> seqFib = AppHarness.sequential(Fib.class.getName());
        Class<?> seqThreshold = AppHarness.sequential(FibThreshold.class.getName());
        Class<?> seqQueens = AppHarness.sequential(NQueens.class.getName());
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(workers).withByValue(true))) {
            for (int n = 0; n <= 15; n += 5) {
                int k = n;
                long expected = (long) seqFib.getMethod("fib", int.class).invoke(seqFib.getConstructor().newInstance(), n);
                assertEquals(expected, (long) node.call(() -> new Fib().fib(k)), "fib " + n);
                Object threshold = seqThreshold.getConstructor(int.class).newInstance(4);
                assertEquals((long) seqThreshold.getMethod("fib", int.class).invoke(threshold, n + 5),
                        (long) node.call(() -> new FibThreshold(4).fib(k + 5)), "fib with threshold " + (n + 5));
            }
            for (int n = 1; n <= 8; n++) {
                Object oracle = seqQueens.getConstructor(int.class).newInstance(2);
                long expected = (long) seqQueens.getMethod("count", int.class).invoke(oracle, n);
                int k = n;
                assertEquals(expected, (long) node.call(() -> new NQueens(2).count(k)), "nqueens " + n);
            }
        }
    }
}
