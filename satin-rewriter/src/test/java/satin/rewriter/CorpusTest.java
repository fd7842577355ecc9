package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import satin.corpus.Cases;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Every case of the corpus computes the same thing un-rewritten (the sequential program),
 * rewritten on one worker, on two workers, and with every spawn stolen ({@link StolenPaths}). The
 * rewritten classes pass ASM's CheckClassAdapter and the JVM's verifier as they load.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CorpusTest {

    private static final Node ONE = Node.start(NodeConfig.defaults().withName("one"));
    private static final Node TWO = Node.start(NodeConfig.defaults().withName("two").withWorkers(2));
    private static final RewritingLoader REWRITTEN = new RewritingLoader(CorpusTest.class.getClassLoader(),
            "satin.corpus");
    private static final StolenPaths STOLEN = new StolenPaths(REWRITTEN);

    @AfterAll
    static void stop() {
        ONE.close();
        TWO.close();
        STOLEN.close();
    }

    static Stream<String> cases() {
        return Cases.names().stream();
    }

    @Test
    void theCorpusIsLargeEnough() {
        assertTrue(Cases.names().size() >= 30, "only " + Cases.names().size() + " cases");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sameResultUnrewrittenAndRewrittenOnOneAndTwoWorkers(String name) throws Exception {
        Object sequential = Cases.run(CorpusTest.class.getClassLoader(), name);
        for (int repeat = 0; repeat < 5; repeat++) {
            assertEquals(sequential, ONE.call(() -> Cases.run(REWRITTEN, name)), name + " on one worker, run " + repeat);
            assertEquals(sequential, TWO.call(() -> Cases.run(REWRITTEN, name)), name + " on two workers, run " + repeat);
        }
        STOLEN.assertSameResult(sequential, name);
        assertEquals(sequential, Cases.run(REWRITTEN, name), name + " called from outside every node");
    }

    @Test
    void everyCorpusClassWasRewritten() throws Exception {
        for (Class<?> c : Cases.CLASSES) {
            Class<?> r = REWRITTEN.loadClass(c.getName());
            assertTrue(r.isAnnotationPresent(satin.Rewritten.class), c + " carries the mark");
            assertEquals(REWRITTEN, r.getClassLoader());
        }
        List<String> names = Cases.names();
        assertTrue(names.contains("Flow.caseTryFinally"));
    }
}
