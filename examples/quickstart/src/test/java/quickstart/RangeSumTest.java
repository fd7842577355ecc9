package quickstart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import satin.Rewritten;

/** The rewritten RangeSum computes what the class as written (the sequential program) computes. */
class RangeSumTest {

    /** The class as written, which the rewriter plugin kept in target/sequential-classes. */
    private static Class<?> sequentialClass() throws Exception {
        URL original = Path.of("target/sequential-classes").toUri().toURL();
        ClassLoader loader = new URLClassLoader(new URL[] {original}, RangeSumTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(name)) {
                    if (!name.startsWith("quickstart.")) {
                        return super.loadClass(name, resolve); // satin and the JDK, from the test's class path
                    }
                    Class<?> c = findLoadedClass(name);
                    return c != null ? c : findClass(name); // this class from target/sequential-classes
                }
            }
        };
        return loader.loadClass(RangeSum.class.getName());
    }

    @Test
    void theParallelSumEqualsTheSequentialOne() throws Exception {
        Class<?> sequential = sequentialClass();
        assertTrue(RangeSum.class.isAnnotationPresent(Rewritten.class), "target/classes holds the rewritten class");
        assertFalse(sequential.isAnnotationPresent(Rewritten.class), "target/sequential-classes holds the class as written");
        Object oracle = sequential.getConstructor().newInstance();
        for (long n : new long[] {0, 1, RangeSum.LEAF, RangeSum.LEAF + 1, 3_000_000}) {
            long expected = (long) sequential.getMethod("sum", long.class, long.class).invoke(oracle, 0L, n);
            assertEquals(expected, new RangeSum().sum(0, n), "sum(0, " + n + ")");
        }
    }
}
