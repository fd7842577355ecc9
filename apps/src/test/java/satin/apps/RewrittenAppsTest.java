package satin.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.fib.Fib;
import satin.apps.fib.FibThreshold;
import satin.apps.nqueens.NQueens;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.Rewritten;

/**
 * The build's Maven plugin rewrote the applications: the classes on the test class path carry the
 * mark, and compute what the sequential programs (kept by the plugin) compute.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RewrittenAppsTest {

    /** The un-rewritten class, from the copies the plugin kept. */
    private static Class<?> sequential(String name) throws Exception {
        Path dir = Path.of(System.getProperty("satin.sequentialClasses"));
        ClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, Fib.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(n)) {
                    if (n.startsWith("satin.apps.")) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : findClass(n);
                    }
                    return super.loadClass(n, resolve);
                }
            }
        };
        return loader.loadClass(name);
    }

    @Test
    void fibIsRewrittenAndTheSequentialCopyIsNot() throws Exception {
        assertTrue(Fib.class.isAnnotationPresent(Rewritten.class));
        assertFalse(sequential(Fib.class.getName()).isAnnotationPresent(Rewritten.class));
    }

    @Test
    void fibComputesWhatTheSequentialProgramComputes() throws Exception {
        Class<?> seq = sequential(Fib.class.getName());
        Object oracle = seq.getConstructor().newInstance();
        try (Node one = Node.start(NodeConfig.defaults());
                Node two = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (int n = 0; n <= 27; n += 3) {
                long expected = (long) seq.getMethod("fib", int.class).invoke(oracle, n);
                int k = n;
                assertEquals(expected, (long) one.call(() -> new Fib().fib(k)));
                assertEquals(expected, (long) two.call(() -> new Fib().fib(k)));
                assertEquals(expected, new Fib().fib(k), "called from outside every node");
            }
        }
    }

    @Test
    void fibWithAThresholdAndNQueensComputeWhatTheSequentialProgramsCompute() throws Exception {
        Class<?> seqFib = sequential(FibThreshold.class.getName());
        Class<?> seqQueens = sequential(NQueens.class.getName());
        try (Node two = Node.start(NodeConfig.defaults().withWorkers(2))) {
            for (int threshold : new int[] {2, 5, 12}) {
                Object oracle = seqFib.getConstructor(int.class).newInstance(threshold);
                for (int n = 0; n <= 26; n += 4) {
                    long expected = (long) seqFib.getMethod("fib", int.class).invoke(oracle, n);
                    int k = n;
                    assertEquals(expected, (long) two.call(() -> new FibThreshold(threshold).fib(k)));
                }
            }
            for (int n = 1; n <= 10; n++) {
                for (int rows = 1; rows <= 3; rows++) {
                    Object oracle = seqQueens.getConstructor(int.class).newInstance(rows);
                    long expected = (long) seqQueens.getMethod("count", int.class).invoke(oracle, n);
                    int k = n;
                    int r = rows;
                    assertEquals(expected, (long) two.call(() -> new NQueens(r).count(k)), "n=" + n + " rows=" + rows);
                }
            }
        }
        assertTrue(FibThreshold.class.isAnnotationPresent(Rewritten.class));
        assertTrue(NQueens.class.isAnnotationPresent(Rewritten.class));
    }
}
