package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.Overflow;
import satin.runtime.JobCopier;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * A spawn recursion that overflows the stack fails as the sequential program does, and not much
 * slower: every frame it unwinds is a sync that took the failure of the spawn above it. Each sync
 * wrapped that failure in a new SpawnException, filling in a stack trace of up to 1024 frames per
 * frame unwound: on a 128 MB stack the sequential program's overflow took 0.8 s and the rewritten
 * one 58 s; on the default 512 MB it ran for minutes, as if it hung.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OverflowHazardTest {

    private static final long STACK = 64L << 20;
    /**
     * The workers' stack for a recursion that must fit: a rewritten frame is larger than the
     * sequential one, and by how much depends on what the JIT inlined into it, which depends on
     * the other tests run in the same JVM. In the full build, a 64 MB stack (447 bytes per level
     * of {@link #BOTTOM}) overflowed once, on the node whose jobs were stolen.
     */
    private static final long ROOMY_STACK = 4 * STACK;
    /** Frames down to the failure: within the sequential program's stack, and well within the workers'. */
    private static final int BOTTOM = 150_000;

    @Test
    void anOverflowingRecursionFailsAsTheSequentialProgramDoes() throws Exception {
        assertSameOutcome("depth", STACK);
    }

    /** Took 25 s before (about 40 times the rewritten program's time now), on a loaded machine. */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aFailureAtTheBottomOfADeepRecursionUnwindsAsFastAsTheSequentialProgram() throws Exception {
        assertSameOutcome("failAt", ROOMY_STACK);
    }

    private void assertSameOutcome(String method, long workerStack) throws Exception {
        String sequential = onThread(() -> call(new Overflow(), method));
        RewritingLoader loader = new RewritingLoader(getClass().getClassLoader(), "satin.hazards");
        Object rewritten = loader.loadClass(Overflow.class.getName()).getConstructor().newInstance();
        NodeConfig config = NodeConfig.defaults().withStackBytes(workerStack);
        for (Node node : new Node[] {Node.start(config.withName("one")), Node.start(config.withName("two").withWorkers(2)),
                Node.start(config.withName("stolen").withWorkers(2), JobCopier.sharing())}) {
            try (node) {
                assertEquals(sequential, node.call(() -> call(rewritten, method)), method + " on " + node.name());
            }
        }
    }

    private static String call(Object receiver, String method) throws Exception {
        try {
            if (method.equals("failAt")) {
                return "returned " + receiver.getClass().getMethod(method, int.class, int.class).invoke(receiver, 0, BOTTOM);
            }
            return "returned " + receiver.getClass().getMethod(method, int.class).invoke(receiver, 0);
        } catch (InvocationTargetException e) {
            return Overflow.outcome(e.getCause());
        }
    }

    /** Runs the sequential program on a thread with the workers' stack. */
    private static String onThread(java.util.concurrent.Callable<String> task) throws Exception {
        String[] result = new String[1];
        Exception[] failure = new Exception[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = task.call();
            } catch (Exception e) {
                failure[0] = e;
            }
        }, "sequential", STACK);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw failure[0];
        }
        return result[0];
    }
}
