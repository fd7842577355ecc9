package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SpawnException;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.spec.ArrayLoopByHand;
import satin.spec.ChainByHand;
import satin.spec.FailingByHand;
import satin.spec.FibByHand;
import satin.spec.NQueensByHand;

/**
 * The rewriter's output on the spec's programs behaves like the spec's hand-written rewritten
 * forms: the same results, the same number of spawns, no allocation on the fast path, the same
 * failures at the sync.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SpecComparisonTest {

    private static final RewritingLoader REWRITTEN = new RewritingLoader(SpecComparisonTest.class.getClassLoader(),
            "satin.spec");
    private static final Node ONE = Node.start(NodeConfig.defaults().withName("one"));
    private static final Node TWO = Node.start(NodeConfig.defaults().withName("two").withWorkers(2));
    /** Every spawn stolen: the rewritten code's stolen paths against the spec's (decision 0031). */
    private static final Node STOLEN = Node.start(NodeConfig.defaults().withName("stolen").withWorkers(2),
            JobCopier.sharing());

    @AfterAll
    static void stop() {
        ONE.close();
        TWO.close();
        STOLEN.close();
    }

    private static Object call(String className, Object[] ctorArgs, String method, Object... args) throws Exception {
        Class<?> c = REWRITTEN.loadClass("satin.spec." + className);
        Object receiver = null;
        Method m = null;
        for (Method candidate : c.getMethods()) {
            if (candidate.getName().equals(method) && candidate.getParameterCount() == args.length) {
                m = candidate;
            }
        }
        if (!java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
            receiver = ctorArgs.length == 0 ? c.getConstructor().newInstance()
                    : c.getConstructor(int.class).newInstance(ctorArgs);
        }
        try {
            return m.invoke(receiver, args);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }

    private static long spawnsOf(Node node, Callable<?> run) {
        long before = node.statistics().total().spawns();
        node.call(run);
        return node.statistics().total().spawns() - before;
    }

    @Test
    void fibLikeTheSpec() throws Exception {
        for (Node node : new Node[] {ONE, TWO, STOLEN}) {
            for (int n = 0; n < 24; n++) {
                int k = n;
                assertEquals(new FibByHand().fib(k), node.call(() -> call("Fib", new Object[0], "fib", k)));
            }
        }
        assertEquals(spawnsOf(ONE, () -> new FibByHand().fib(22)), spawnsOf(ONE, () -> call("Fib", new Object[0], "fib", 22)));
    }

    @Test
    void nqueensLikeTheSpec() throws Exception {
        for (Node node : new Node[] {ONE, TWO, STOLEN}) {
            for (int n = 4; n <= 10; n++) {
                int k = n;
                assertEquals(node.call(() -> new NQueensByHand(3).count(k)),
                        node.call(() -> call("NQueens", new Object[] {3}, "count", k)), "nqueens " + n);
            }
        }
        assertEquals(spawnsOf(ONE, () -> new NQueensByHand(3).count(9)),
                spawnsOf(ONE, () -> call("NQueens", new Object[] {3}, "count", 9)));
    }

    @Test
    void theArrayLoopAndTheChainLikeTheSpec() throws Exception {
        for (Node node : new Node[] {TWO, STOLEN}) {
            assertEquals(ArrayLoopByHand.harmonic(100_000, 37),
                    node.call(() -> call("ArrayLoop", new Object[0], "harmonic", 100_000, 37)));
            assertEquals(new ChainByHand().depth(10_000), node.call(() -> call("Chain", new Object[0], "depth", 10_000)));
        }
        assertEquals(10_000, call("Chain", new Object[0], "depth", 10_000), "from outside every node, 10,000 deep");
    }

    @Test
    void failuresLikeTheSpec() throws Exception {
        SpawnException spec = assertThrows(SpawnException.class, () -> ONE.call(() -> new FailingByHand().pair(1, -2)));
        SpawnException real = assertThrows(SpawnException.class,
                () -> ONE.call(() -> call("Failing", new Object[0], "pair", 1, -2)));
        assertEquals(spec.getCause().getClass(), real.getCause().getClass());
        assertEquals(spec.getCause().getMessage(), real.getCause().getMessage());
        SpawnException stolen = assertThrows(SpawnException.class,
                () -> TWO.call(() -> call("Failing", new Object[0], "stolenPair", -5)));
        assertInstanceOf(IllegalArgumentException.class, stolen.getCause());
        assertEquals(105L, TWO.call(() -> call("Failing", new Object[0], "stolenPair", 5)), "the older spawn was stolen");
        SpawnException everyStolen = assertThrows(SpawnException.class,
                () -> STOLEN.call(() -> call("Failing", new Object[0], "pair", 1, -2)));
        assertEquals(spec.getCause().getMessage(), everyStolen.getCause().getMessage());
    }

    @Test
    void aFastFormSpawnAllocatesNothingLikeTheSpec() throws Exception {
        call("Fib", new Object[0], "fib", 20); // load and warm up
        double spec = ONE.call(() -> bytesPerSpawn(() -> new FibByHand().fib(25)));
        double real = ONE.call(() -> bytesPerSpawn(() -> call("Fib", new Object[0], "fib", 25)));
        assertTrue(spec < 0.1, "the spec allocates " + spec + " bytes per spawn");
        assertTrue(real < 0.1, "the rewritten Fib allocates " + real + " bytes per spawn");
    }

    /** Bytes this thread allocates per spawn of fib(25), which makes 2 (fib(26) - 1) = 242784 spawns, pushed or in place. */
    private static double bytesPerSpawn(Callable<?> run) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        run.call();
        long before = threads.getThreadAllocatedBytes(id);
        run.call();
        return (threads.getThreadAllocatedBytes(id) - before) / 242_784.0;
    }
}
