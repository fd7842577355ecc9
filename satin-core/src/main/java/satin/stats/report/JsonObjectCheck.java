package satin.stats.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;

/**
 * Whether a text is exactly one JSON object, nested at most so deep: what a member sends as its
 * statistics goes into the run's statistics file as it is, so anything else would forge or break
 * that file (a second node after its own, a nest that ends the file's reader). Jackson's streaming
 * parser reads it token by token, never into objects, within {@link StreamReadConstraints} that a
 * peer cannot talk past: no recursion, no text longer than a report has, no string longer than a
 * name.
 */
public final class JsonObjectCheck {

    /** Four times the transport's default frame: no report that arrived whole is longer. */
    static final long MAX_CHARS = 64L << 20;
    /** Names, clusters and balancer settings are short; a megabyte is no name. */
    static final int MAX_STRING = 1 << 20;

    private JsonObjectCheck() {
    }

    /** What is wrong with {@code text} as one JSON object, with where; null if nothing is. */
    public static String problem(String text, int maxDepth) {
        try (JsonParser p = factory(maxDepth).createParser(text)) {
            return document(p, text.length(), maxDepth);
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getCharOffset());
            return wrong("JSON (" + e.getOriginalMessage() + ")", at, text.length());
        } catch (IOException e) {
            return wrong("readable text (" + e.getMessage() + ")", 0, text.length());
        }
    }

    /**
     * Jackson's own bounds one level deeper than ours: ours come first and say so plainly, Jackson's
     * stand behind them.
     */
    private static JsonFactory factory(int maxDepth) {
        return JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(maxDepth + 1).maxDocumentLength(MAX_CHARS).maxStringLength(MAX_STRING).build())
                .build();
    }

    /** Reads every token of the one object; the problem, or null. */
    private static String document(JsonParser p, int length, int maxDepth) throws IOException {
        if (length > MAX_CHARS) {
            return wrong("at most " + MAX_CHARS + " characters", MAX_CHARS, length);
        }
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return wrong("'{'", offset(p), length);
        }
        int depth = 1;
        while (depth > 0) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return wrong("the end of an object or array", length, length);
            }
            if (t.isStructStart() && ++depth > maxDepth) {
                return wrong("at most " + maxDepth + " levels of nesting", offset(p), length);
            }
            if (t.isStructEnd()) {
                depth--;
            } else if (t == JsonToken.VALUE_STRING) {
                p.getText(); // decodes its escapes, which Jackson otherwise leaves until asked
            }
        }
        JsonToken after = p.nextToken();
        return after == null ? null : wrong("the end of the text", offset(p), length);
    }

    private static long offset(JsonParser p) {
        return Math.max(0, p.currentTokenLocation().getCharOffset());
    }

    private static String wrong(String expected, long at, long length) {
        return "expected " + expected + " at character " + at + " of " + length;
    }
}
