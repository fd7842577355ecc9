package satin.apps;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import satin.codec.Allowlist;
import satin.lb.RandomStealing;
import satin.net.FrameFormat;
import satin.net.WanLinks;
import satin.pool.PoolConfig;
import satin.pool.PoolNode;
import satin.registry.Registry;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.shared.Replicas;
import satin.stats.PoolStats;
import satin.testing.Await;

/**
 * What every application test needs: the sequential program (the class as it was before the
 * build rewrote it, kept by the Maven plugin) as the oracle, and the three places the rewritten
 * program must compute the same thing: one worker, two workers, and a pool of four nodes in this
 * JVM that steal from each other over in-VM channels.
 */
public final class AppHarness {

    private static final AtomicInteger POOLS = new AtomicInteger();

    private AppHarness() {
    }

    /**
     * The un-rewritten class of that name, loaded from the copies the plugin kept; the
     * application's classes it did not rewrite load beside it, in the same loader, so that a
     * class both use (a shared object, rewritten too) is the sequential one for both.
     */
    public static Class<?> sequential(String className) throws ClassNotFoundException {
        Path dir = Path.of(System.getProperty("satin.sequentialClasses", "target/sequential-classes"));
        URL url;
        URL others;
        try {
            url = dir.toUri().toURL();
            others = dir.resolveSibling("classes").toUri().toURL();
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        ClassLoader loader = new URLClassLoader(new URL[] {url, others}, AppHarness.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                synchronized (getClassLoadingLock(n)) {
                    if (n.startsWith("satin.apps.") && !n.startsWith("satin.apps.AppHarness")) {
                        Class<?> c = findLoadedClass(n);
                        if (c == null) {
                            try {
                                c = findClass(n);
                            } catch (ClassNotFoundException e) {
                                return super.loadClass(n, resolve); // not an application class: shared
                            }
                        }
                        return c;
                    }
                    return super.loadClass(n, resolve);
                }
            }
        };
        return loader.loadClass(className);
    }

    /**
     * Calls a static method of the sequential program: {@code oracle(Foo.class, "solve", 12)}.
     * The arguments must be of JDK types (the sequential program's own classes are other classes).
     */
    public static Object oracle(Class<?> rewritten, String staticMethod, Object... args) throws Exception {
        Class<?> seq = sequential(rewritten.getName());
        for (Method m : seq.getMethods()) {
            if (m.getName().equals(staticMethod) && m.getParameterCount() == args.length
                    && java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                try {
                    return m.invoke(null, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
                }
            }
        }
        throw new NoSuchMethodException(rewritten.getName() + "." + staticMethod + " with " + args.length
                + " arguments, in the sequential copy: " + Arrays.toString(seq.getMethods()));
    }

    /** Runs the call on a node of one worker. */
    public static <T> T onOneWorker(Callable<T> call) throws Exception {
        try (Node node = Node.start(NodeConfig.defaults())) {
            return node.call(call);
        }
    }

    /** Runs the call on a node of two workers. */
    public static <T> T onTwoWorkers(Callable<T> call) throws Exception {
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            return node.call(call);
        }
    }

    /** Runs the call on the master of a pool of four nodes in this JVM (two clusters, RS). */
    public static <T> T onFourNodes(Callable<T> call) throws Exception {
        return onPool(4, FrameFormat.DEFAULT_MAX_FRAME, call).result();
    }

    /** What a pool run came to, the nodes' statistics at its end, and their replicas of shared objects. */
    public record PoolRun<T>(T result, List<PoolStats> stats, List<Replicas> replicas) {

        public long total(java.util.function.ToLongFunction<PoolStats> f) {
            return stats.stream().mapToLong(f).sum();
        }
    }

    /** Runs the call on the master of a pool of that many nodes in this JVM (two clusters, RS). */
    public static <T> PoolRun<T> onPool(int size, int maxFrame, Callable<T> call) throws Exception {
        return onPool(size, maxFrame, WanLinks.none(), call);
    }

    /** The same, with these emulated links between the two clusters. */
    public static <T> PoolRun<T> onPool(int size, int maxFrame, WanLinks wan, Callable<T> call) throws Exception {
        return onPool(size, maxFrame, wan, call, nodes -> { });
    }

    /** What a test does to a pool's nodes while the master computes (a node killed, say). */
    public interface During {
        void meanwhile(List<PoolNode> nodes) throws Exception;
    }

    /** The same, doing {@code during} on this thread while the master runs the call on another. */
    public static <T> PoolRun<T> onPool(int size, int maxFrame, WanLinks wan, Callable<T> call, During during)
            throws Exception {
        String name = "apps-" + POOLS.incrementAndGet();
        Registry registry = Registry.start(PoolNode.transport(), name, "secret", "local://" + name + "/registry");
        List<PoolNode> nodes = new ArrayList<>();
        try {
            for (int i = 0; i < size; i++) {
                nodes.add(PoolNode.join(PoolConfig.of(name, "secret", name + "-" + i, "c" + (i % 2),
                        "local://" + name + "/" + i, registry.address(), i == 0).withMaxFrame(maxFrame).withWan(wan),
                        NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram()));
            }
            Await.holds(() -> nodes.get(0).members().size() >= size, Duration.ofSeconds(10));
            java.util.concurrent.FutureTask<T> run = new java.util.concurrent.FutureTask<>(() -> nodes.get(0).node().call(call));
            new Thread(run, name + "-main").start();
            during.meanwhile(nodes);
            T result;
            try {
                result = run.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
            }
            return new PoolRun<>(result, nodes.stream().map(PoolNode::poolStats).toList(),
                    nodes.stream().map(PoolNode::replicas).toList());
        } finally {
            nodes.forEach(PoolNode::close);
            registry.close();
        }
    }
}
