package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Jackson's complaints about a broken file, in the reader's words and at the right place. */
class JsonErrorsTest {

    private static String problem(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Json.parse(text, "f")).getMessage();
    }

    @Test
    void eachBrokenFileNamesWhatWasExpectedWhere() {
        String[][] cases = {
            {"[1 2]", "f:1:4: expected ',' or ']' but found '2]'"},
            {"{\"a\":1 \"b\":2}", "f:1:8: expected ',' or '}'"},
            {"{\"a\":1,}", "f:1:8: expected a quoted field name"},
            {"{\"a\":1", "f:1:7: expected '}' but found the end of the text"},
            {"\"abc", "expected a closing quote"},
            {"{\"a\":\"\\x\"}", "expected one of \" \\ / b f n r t u after a backslash"},
            {"[tru]", "f:1:2: expected a value"},
            {"", "f:1:1: expected a value but found the end of the text"},
            {"[01]", "f:1:3: expected valid JSON (Invalid numeric value: Leading zeroes not allowed)"},
        };
        for (String[] c : cases) {
            String message = problem(c[0]);
            assertTrue(message.startsWith(c[1]) || (!c[1].startsWith("f:") && message.contains(c[1])), c[0] + " -> " + message);
        }
    }
}
