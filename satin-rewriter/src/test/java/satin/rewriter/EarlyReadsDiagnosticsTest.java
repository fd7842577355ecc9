package satin.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A field or array target used before its sync is refused, however the use is reached: directly,
 * through a private helper (two calls down too), by a store, through a local that aliases the
 * array, in the loop that spawns, by passing the array on; and a catch around a spawn but not
 * its sync. Uses of other fields, other arrays and other objects, and uses after the sync, are not.
 */
class EarlyReadsDiagnosticsTest {

    private static List<Problem> problems() throws IOException {
        try (InputStream in = EarlyReadsDiagnosticsTest.class.getClassLoader()
                .getResourceAsStream("satin/diagnostics/EarlyReads.class")) {
            return new Rewriter(ClassFinder.of(EarlyReadsDiagnosticsTest.class.getClassLoader()))
                    .rewrite(in.readAllBytes()).problems();
        }
    }

    private static void assertProblem(String method, int line, String... parts) throws IOException {
        List<Problem> found = problems().stream().filter(p -> p.methodName().equals(method)).toList();
        assertEquals(1, found.size(), method + ": " + found.stream().map(Problem::toString).collect(Collectors.joining("\n")));
        String text = found.get(0).toString();
        assertTrue(text.startsWith("EarlyReads.java:" + line + ": satin.diagnostics.EarlyReads." + method + "("), text);
        for (String part : parts) {
            assertTrue(text.contains(part), "'" + text + "' should say '" + part + "'");
        }
    }

    @Test
    void aFieldTargetReadOrAssigned() throws IOException {
        assertProblem("fieldReadDirectly", 29, "field total is read before the sync() of the spawn of fib(int) on line 28");
        assertProblem("fieldAssigned", 50, "field total is assigned before the sync()");
        assertProblem("staticFieldRead", 57, "field shared is read before the sync()");
    }

    @Test
    void aFieldTargetReadByAHelperOfTheClass() throws IOException {
        assertProblem("fieldReadByAPrivateHelper", 36, "field total is read by helper() before the sync()");
        assertProblem("fieldReadTwoCallsDown", 43, "field total is read by indirect() before the sync()");
    }

    @Test
    void anArrayTargetReadThroughAnAliasInItsLoopOrByACall() throws IOException {
        assertProblem("arrayReadThroughAnAlias", 66, "an element of the array it stores into is read before the sync()");
        assertProblem("arrayReadInTheLoop", 76, "an element of the array it stores into is read");
        assertProblem("arrayPassedToACall", 85, "the array it stores into is passed to toString(long[])");
    }

    @Test
    void anUncheckedCatchAroundTheSpawnButNotItsSync() throws IOException {
        assertProblem("catchAroundTheSpawnOnly", 93, "catch (IllegalStateException) around the spawn of fib(int) but "
                + "not around its sync() would never see the RuntimeException it may throw");
    }

    @Test
    void otherFieldsArraysAndObjectsAndUsesAfterTheSyncAreFine() throws IOException {
        List<String> refused = problems().stream().map(Problem::methodName).toList();
        for (String fine : List.of("anotherArrayIsRead", "anotherFieldIsRead", "theSameFieldOfAnotherObject",
                "readAfterTheSync", "helper", "indirect")) {
            assertTrue(!refused.contains(fine), fine + " is refused: " + problems());
        }
        assertEquals(9, problems().size(), problems().toString());
    }
}
