package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The check a member's statistics pass before they go into the run's file: one JSON object, so deep at most. */
class JsonObjectCheckTest {

    @Test
    void objectsAsReportsAreTaken() {
        for (String ok : new String[] {"{}", " {\"a\":1} ", "{\"a\":[[1,2],[3,-4.5e+6]],\"b\":{\"c\":null,\"d\":true}}",
            "{\"s\":\"q\\\"u\\\\o\\u00e9\\n\",\"e\":[],\"f\":{}}", "{\"n\":0,\"m\":-0.5,\"k\":1E3}"}) {
            assertNull(JsonObjectCheck.problem(ok, 8), ok);
        }
    }

    @Test
    void anythingElseIsNamedWithWhere() {
        for (String bad : new String[] {"", "[]", "{} {}", "{},{\"node\":9}", "{\"a\":1,}", "{,}", "{\"a\" 1}", "{a:1}",
            "{\"a\":01}", "{\"a\":1.}", "{\"a\":\"\\x\"}", "{\"a\":\"unterminated}", "{\"a\":[1,]}", "{\"a\":tru}",
            "{\"a\":\"tab\there\"}", "{\"a\":1", "{\"a\":\"\\u12G4\"}", "{\"a\":[[[[[[[[[[1]]]]]]]]]]}"}) {
            String problem = JsonObjectCheck.problem(bad, 8);
            assertNotNull(problem, bad);
            assertTrue(problem.startsWith("expected ") && problem.contains(" at character "), problem);
        }
    }

    /** Jackson's bounds stand behind the depth: a string longer than any name is no report either. */
    @Test
    void aStringLongerThanANameIsRefused() {
        String huge = "{\"name\":\"" + "x".repeat(JsonObjectCheck.MAX_STRING + 1) + "\"}";
        String problem = JsonObjectCheck.problem(huge, 8);
        assertNotNull(problem);
        assertTrue(problem.startsWith("expected ") && problem.contains(" at character "), problem);
        assertNull(JsonObjectCheck.problem("{\"name\":\"" + "x".repeat(10_000) + "\"}", 8));
    }
}
