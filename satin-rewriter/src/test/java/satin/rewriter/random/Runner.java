package satin.rewriter.random;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import satin.rewriter.ClassFinder;
import satin.rewriter.Problem;
import satin.rewriter.Rewriter;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Runs a generated program as written and rewritten, and says how they compare. The rewritten
 * class runs on one worker, on two, with every spawn stolen on one and on two (shared and copied
 * by value, as a thief on another node gets it: decision 0031), and from outside every node; each
 * must return what the class as written returns, on every input.
 */
public final class Runner implements AutoCloseable {

    /** How a program fared. */
    public enum Kind {
        /** Every run returned what the class as written returns. */
        SAME,
        /** Refused with problems that name file and line. */
        REFUSED,
        /** Not a program: it does not compile, or the class as written fails (a shrinking step's dead end). */
        INVALID,
        DIFFERENT,
        /** The rewriter threw, or refused without naming file and line. */
        REWRITER_CRASHED,
        /** The rewritten class fails to load (a VerifyError, say). */
        NOT_LOADED,
        HUNG,
        /** A shape the rewriter must refuse was rewritten. */
        WRONGLY_ACCEPTED
    }

    /**
     * @param input the index of the input it failed on, -1 if none
     * @param node  the run it failed in, null if none
     */
    public record Outcome(Kind kind, String detail, int input, String node) {

        Outcome(Kind kind, String detail) {
            this(kind, detail, -1, null);
        }

        public boolean failed() {
            return kind != Kind.SAME && kind != Kind.REFUSED && kind != Kind.INVALID;
        }
    }

    /** The inputs each program runs on: (depth, seed of its arguments). */
    private static final int[][] INPUTS = {{2, 1}, {3, 2}, {3, 5}, {3, 10}};
    private static final long DEADLINE_SECONDS = 30;
    private static final String OUTSIDE = "from outside every node";
    private static final AtomicInteger COMPILED = new AtomicInteger();

    private final Compiler compiler = new Compiler();
    private final Registry rewritten = new Registry(Runner.class.getClassLoader());
    private final ExecutorService caller = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "random-program");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Node> nodes = new java.util.LinkedHashMap<>();

    public Runner() {
        nodes.put("one worker", Node.start(NodeConfig.defaults().withName("rnd1")));
        nodes.put("two workers", Node.start(NodeConfig.defaults().withName("rnd2").withWorkers(2)));
        nodes.put("one worker, every spawn stolen", Node.start(NodeConfig.defaults().withName("rnds1"), JobCopier.sharing()));
        nodes.put("two workers, every spawn stolen",
                Node.start(NodeConfig.defaults().withName("rnds2").withWorkers(2), JobCopier.sharing()));
        Thread t = Thread.currentThread();
        ClassLoader old = t.getContextClassLoader();
        t.setContextClassLoader(rewritten); // the codec of a copying node resolves classes through it
        try {
            nodes.put("one worker, every spawn stolen and copied",
                    Node.start(NodeConfig.defaults().withName("rndc1").withByValue(true)));
            nodes.put("two workers, every spawn stolen and copied",
                    Node.start(NodeConfig.defaults().withName("rndc2").withWorkers(2).withByValue(true)));
        } finally {
            t.setContextClassLoader(old);
        }
    }

    /** Compiles, rewrites and runs {@code program} everywhere. */
    public Outcome run(Program program) {
        return run(program.source(), program.refused(), null);
    }

    /**
     * Runs {@code program} only where {@code failed} failed, if it failed in a run: what a
     * shrinker needs to know, at a fraction of the cost.
     */
    public Outcome again(Program program, Outcome failed) {
        return run(program.source(), program.refused(), failed);
    }

    /**
     * Compiles, rewrites and runs a program's source, its class named {@link Program#PLACEHOLDER}.
     *
     * @param mustBeRefused whether the rewriter must refuse it
     */
    public Outcome run(String programSource, boolean mustBeRefused) {
        return run(programSource, mustBeRefused, null);
    }

    private Outcome run(String programSource, boolean mustBeRefused, Outcome focus) {
        // a class name of its own each time: the shrinker compiles variants of one program
        String name = "G" + COMPILED.incrementAndGet();
        String source = programSource.replace(Program.PLACEHOLDER, name);
        String qualified = Program.PACKAGE + "." + name;
        Map<String, byte[]> classes;
        try {
            classes = compiler.compile(qualified, source);
        } catch (IllegalArgumentException e) {
            return new Outcome(Kind.INVALID, "does not compile: " + e.getMessage());
        }
        ClassLoader parent = Runner.class.getClassLoader();
        Rewriter rewriter = new Rewriter(((ClassFinder) n -> classes.get(n)).then(ClassFinder.of(parent)));
        Map<String, byte[]> out = new HashMap<>();
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : classes.entrySet()) {
            Rewriter.Result r;
            try {
                r = rewriter.rewrite(e.getValue());
            } catch (RuntimeException crash) {
                return new Outcome(Kind.REWRITER_CRASHED, String.valueOf(crash));
            }
            problems.addAll(r.problems());
            out.put(e.getKey(), r.rewritten() != null ? r.rewritten() : e.getValue());
            out.putAll(r.generated());
        }
        if (!problems.isEmpty()) {
            boolean named = problems.stream().allMatch(p -> p.toString().matches("(?s)\\S+\\.java:\\d+: .+"));
            return named ? new Outcome(Kind.REFUSED, problems.toString())
                    : new Outcome(Kind.REWRITER_CRASHED, "a problem without file and line: " + problems);
        }
        if (mustBeRefused) {
            return new Outcome(Kind.WRONGLY_ACCEPTED, "a shape the rewriter must refuse was accepted");
        }
        Method sequential;
        Method parallel;
        try {
            sequential = new Registry(parent).with(classes).loadClass(qualified).getMethod("run", int.class, long.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            return new Outcome(Kind.INVALID, "no run(int, long): " + e);
        }
        try {
            parallel = rewritten.with(out).loadClass(qualified).getMethod("run", int.class, long.class);
        } catch (ReflectiveOperationException | LinkageError e) {
            rewritten.forget(out.keySet());
            return new Outcome(Kind.NOT_LOADED, String.valueOf(e));
        }
        try {
            for (int i = 0; i < INPUTS.length; i++) {
                int[] in = INPUTS[i];
                int input = i;
                if (focus != null && focus.input() >= 0 && focus.input() != i) {
                    continue;
                }
                Object expected;
                try {
                    expected = sequential.invoke(null, in[0], (long) in[1]);
                } catch (InvocationTargetException e) {
                    return new Outcome(Kind.INVALID, "the class as written fails: " + e.getCause());
                }
                for (Map.Entry<String, Node> node : nodes.entrySet()) {
                    if (focus != null && focus.node() != null && !focus.node().equals(node.getKey())) {
                        continue;
                    }
                    Object got;
                    try {
                        got = deadline(() -> node.getValue().call(() -> parallel.invoke(null, in[0], (long) in[1])));
                    } catch (TimeoutException e) {
                        return new Outcome(Kind.HUNG, "run(" + in[0] + ", " + in[1] + ") on " + node.getKey() + ": no result within "
                                + DEADLINE_SECONDS + " s; its workers:" + stacks(node.getValue().name() + "-"), input, node.getKey());
                    }
                    if (!expected.equals(got)) {
                        return new Outcome(Kind.DIFFERENT, "run(" + in[0] + ", " + in[1] + ") on " + node.getKey()
                                + ": expected " + expected + " but was " + got, input, node.getKey());
                    }
                }
                if (focus == null || focus.node() == null || focus.node().equals(OUTSIDE)) {
                    Object outside = deadline(() -> parallel.invoke(null, in[0], (long) in[1]));
                    if (!expected.equals(outside)) {
                        return new Outcome(Kind.DIFFERENT, "run(" + in[0] + ", " + in[1] + ") " + OUTSIDE + ": expected "
                                + expected + " but was " + outside, input, OUTSIDE);
                    }
                }
            }
        } catch (TimeoutException e) {
            return new Outcome(Kind.HUNG, "no result within " + DEADLINE_SECONDS + " s");
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            Throwable t = e instanceof InvocationTargetException ? e.getCause() : e;
            return new Outcome(Kind.DIFFERENT, "the rewritten program failed: " + t);
        } finally {
            rewritten.forget(out.keySet());
        }
        return new Outcome(Kind.SAME, "");
    }

    /** The stacks of the threads whose names start with {@code prefix}: where a hung node waits. */
    private static String stacks(String prefix) {
        StringBuilder b = new StringBuilder();
        Thread.getAllStackTraces().forEach((t, frames) -> {
            if (t.getName().startsWith(prefix)) {
                b.append("\n  ").append(t.getName()).append(' ').append(t.getState());
                for (StackTraceElement f : frames) {
                    b.append("\n    at ").append(f);
                }
            }
        });
        return b.toString();
    }

    private Object deadline(Callable<Object> call) throws TimeoutException, ReflectiveOperationException {
        Future<Object> f = caller.submit(call);
        try {
            return f.get(DEADLINE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof InvocationTargetException ite) {
                throw ite;
            }
            throw new InvocationTargetException(e.getCause());
        } catch (TimeoutException e) {
            f.cancel(true);
            throw e;
        }
    }

    @Override
    public void close() {
        nodes.values().forEach(Node::close);
        caller.shutdownNow();
    }

    /** Defines the classes it is given, by name, when they are first loaded; every other class from its parent. */
    static final class Registry extends ClassLoader {

        private final Map<String, byte[]> waiting = new java.util.concurrent.ConcurrentHashMap<>();

        Registry(ClassLoader parent) {
            super(parent);
        }

        Registry with(Map<String, byte[]> classes) {
            classes.forEach((name, bytes) -> waiting.put(name.replace('/', '.'), bytes));
            return this;
        }

        /** Drops bytes never loaded: a program that failed early. */
        void forget(java.util.Set<String> names) {
            names.forEach(n -> waiting.remove(n.replace('/', '.')));
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = waiting.remove(name);
            if (bytes == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
        }
    }
}
