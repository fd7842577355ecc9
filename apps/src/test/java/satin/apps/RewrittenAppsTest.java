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
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.runtime.Rewritten;

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
}
