package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import satin.SharedObject;
import satin.hazards.Counter;

/**
 * The rewritten write of a shared object: a plain (synchronized) call while the object is local;
 * once it is replicated, a call handed to the pool by name, descriptor and boxed arguments, whose
 * body runs only when the pool applies it. Writes that cannot be replicated are refused.
 */
class SharedWritesTest {

    private final RewritingLoader loader = new RewritingLoader(SharedWritesTest.class.getClassLoader(), "satin.hazards");

    private record Handed(SharedObject object, String method, Object[] args) {
    }

    @Test
    void aLocalWriteRunsAtOnceUnderTheObjectsLock() throws Exception {
        Class<?> type = loader.loadClass(Counter.class.getName());
        Method add = type.getMethod("add", int.class, long.class, double.class, String.class);
        assertTrue(Modifier.isSynchronized(add.getModifiers()), "the rewritten write is synchronized");
        Object counter = type.getConstructor().newInstance();
        add.invoke(counter, 1, 2L, 3.5, "x");
        assertEquals(6L, type.getMethod("total").invoke(counter));

        Counter sequential = new Counter();
        sequential.add(1, 2L, 3.5, "x");
        assertEquals(6L, sequential.total(), "the class as written");
    }

    @Test
    void aReplicatedWriteGoesToThePoolAndRunsWhenApplied() throws Exception {
        Class<?> type = loader.loadClass(Counter.class.getName());
        Method add = type.getMethod("add", int.class, long.class, double.class, String.class);
        SharedObject counter = (SharedObject) type.getConstructor().newInstance();
        List<Handed> handed = new ArrayList<>();
        counter.satin$replicate((o, m, a) -> handed.add(new Handed(o, m, a)));
        add.invoke(counter, 1, 2L, 3.5, "x");
        assertEquals(0L, type.getMethod("total").invoke(counter), "not applied until the pool orders it");
        assertEquals(1, handed.size());
        assertEquals(counter, handed.get(0).object());
        assertEquals("add(IJDLjava/lang/String;)V", handed.get(0).method());
        assertArrayEquals(new Object[] {1, 2L, 3.5, "x"}, handed.get(0).args());

        counter.satin$apply(add, handed.get(0).args());
        assertEquals(6L, type.getMethod("total").invoke(counter), "applied: the body ran");
        assertEquals("x", type.getMethod("last").invoke(counter));
        assertEquals(1, handed.size(), "applying does not forward again");
    }

    @Test
    void writesThatCannotBeReplicatedAreRefused() throws IOException {
        List<Problem> bad = problems("satin/diagnostics/BadWrites");
        assertEquals(2, bad.size(), bad.toString());
        assertTrue(bad.stream().anyMatch(p -> p.methodName().equals("setAndGet") && p.message().contains("must return void")
                && p.toString().startsWith("BadWrites.java:")), bad.toString());
        assertTrue(bad.stream().anyMatch(p -> p.methodName().equals("reset") && p.message().contains("instance method")),
                bad.toString());
        List<Problem> notShared = problems("satin/diagnostics/NotShared");
        assertEquals(1, notShared.size());
        assertTrue(notShared.get(0).message().contains("must extend satin.SharedObject"), notShared.toString());
    }

    private static List<Problem> problems(String name) throws IOException {
        byte[] bytes;
        try (InputStream in = SharedWritesTest.class.getClassLoader().getResourceAsStream(name + ".class")) {
            bytes = in.readAllBytes();
        }
        Rewriter.Result r = new Rewriter(ClassFinder.of(SharedWritesTest.class.getClassLoader())).rewrite(bytes);
        assertNull(r.rewritten(), "a class with problems is not rewritten");
        return r.problems();
    }
}
