package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import satin.hazards.Guarded;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.testing.Await;

/**
 * Guards (Satin++): the rewritten guarded method waits until its guard holds, asks it again when
 * the state it tests changes, and fails naming the guard when it never holds; as written, the
 * class never asks. Guards the rewriter cannot use are refused with their reasons.
 */
class GuardsTest {

    private final RewritingLoader loader = new RewritingLoader(GuardsTest.class.getClassLoader(), "satin.hazards");

    private Object guarded() throws Exception {
        return loader.loadClass(Guarded.class.getName()).getConstructor().newInstance();
    }

    private static void setRound(Object o, int round) throws ReflectiveOperationException {
        o.getClass().getField("round").setInt(o, round);
    }

    private static int asked(Object g) {
        try {
            return ((java.util.concurrent.atomic.AtomicInteger) g.getClass().getField("asked").get(g)).get();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object call(Object o, String method, Class<?>[] types, Object... args) throws Throwable {
        Method m = o.getClass().getMethod(method, types);
        try {
            return m.invoke(o, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static final Class<?>[] WORK = {int.class, long.class};

    @Test
    void asWrittenTheGuardIsNeverAsked() {
        Guarded g = new Guarded();
        assertEquals(3_007L, g.work(3, 7));
        assertEquals(0, g.asked.get(), "the sequential program makes its guards hold before it calls");
    }

    @Test
    void aGuardThatHoldsLetsTheMethodRunAtOnce() throws Throwable {
        Object g = guarded();
        setRound(g, 3);
        assertEquals(3_007L, call(g, "work", WORK, 3, 7L));
        assertEquals(1, asked(g));
        assertEquals(2, call(g, "privately", new Class<?>[] {int.class}, 2), "a private guard");
    }

    @Test
    void aJobWaitsUntilItsGuardHoldsThenRuns() throws Throwable {
        Object g = guarded();
        CompletableFuture<Object> job = CompletableFuture.supplyAsync(() -> {
            try {
                return call(g, "work", WORK, 2, 5L);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        });
        Await.until(() -> asked(g) >= 3, Duration.ofSeconds(10), () -> "the guard asked again and again while it does not hold");
        assertFalse(job.isDone(), "no result while the guard does not hold");
        setRound(g, 2);
        assertEquals(2_005L, job.get(10, TimeUnit.SECONDS));
    }

    @Test
    void guardedSpawnsOnTwoWorkersWaitAndThenGiveTheSequentialResult() throws Exception {
        Object g = guarded();
        try (Node two = Node.start(NodeConfig.defaults().withName("guarded").withWorkers(2))) {
            CompletableFuture<Long> job = CompletableFuture.supplyAsync(() -> {
                try {
                    return two.call(() -> (Long) g.getClass().getMethod("split", WORK).invoke(g, 4, 64L));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertFalse(Await.holds(job::isDone, Duration.ofMillis(200)), "split waits for round 4");
            setRound(g, 4);
            assertEquals(new Guarded().split(4, 64), job.get(20, TimeUnit.SECONDS));
            assertTrue(asked(g) >= 64, "each of the 64 leaves asked its guard: " + asked(g));
        }
    }

    @Test
    void aGuardThatNeverHoldsFailsTheJobNamingItself() throws Exception {
        Object g = guarded();
        String old = System.setProperty("satin.guardWait", "1");
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> call(g, "work", WORK, 9, 1L));
            assertTrue(e.getMessage().startsWith("satin.hazards.Guarded.guard_work has not held for 1 s"), e.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty("satin.guardWait");
            } else {
                System.setProperty("satin.guardWait", old);
            }
        }
    }

    @Test
    void guardsTheRewriterCannotUseAreRefusedWithTheirReasons() throws IOException {
        byte[] classFile;
        try (InputStream in = GuardsTest.class.getClassLoader().getResourceAsStream("satin/diagnostics/WrongGuards.class")) {
            classFile = in.readAllBytes();
        }
        Rewriter.Result r = new Rewriter(ClassFinder.of(GuardsTest.class.getClassLoader())).rewrite(classFile);
        assertNull(r.rewritten());
        String all = r.problems().stream().map(Problem::toString).collect(Collectors.joining("\n"));
        List<String> expected = List.of(
                "WrongGuards.guard_work(int): a guard must return boolean",
                "WrongGuards.guard_nothing(int): guard_nothing guards the @Spawnable method nothing of the same parameters,"
                        + " and this class has none",
                "WrongGuards.guard_work(long): guard_work guards the @Spawnable method work of the same parameters",
                "WrongGuards.guard_other(int): a guard must be an instance method");
        for (String e : expected) {
            assertTrue(all.contains(e), "'" + all + "' should say '" + e + "'");
        }
        assertEquals(4, r.problems().size(), all);
    }
}
