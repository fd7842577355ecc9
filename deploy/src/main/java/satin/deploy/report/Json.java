package satin.deploy.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics and result files as values: objects become ordered maps, arrays lists, numbers
 * {@link Long} when integral and in range, {@link Double} otherwise. Jackson's streaming parser
 * reads the text; this class builds the values and says what went wrong in the reader's words.
 * Unknown fields are simply kept, so newer writers do not break older reports. Errors name the
 * source, line and column and what was expected there.
 */
public final class Json {

    /** Deeper than any file satin writes (a report's deepest values sit four levels down). */
    static final int MAX_DEPTH = 64;
    /** Jackson's bound one level past ours, which come first and say so plainly. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH + 1).build()).build();

    private final String text;
    private final String source;
    private final JsonParser parser;
    /** How deep the value being read is nested: files that hold what members sent are read too. */
    private int depth;

    private Json(String text, String source, JsonParser parser) {
        this.text = text;
        this.source = source;
        this.parser = parser;
    }

    /** Parses one JSON value filling {@code text}; {@code source} names it in errors (a file). */
    public static Object parse(String text, String source) {
        try (JsonParser p = JSON.createParser(text)) {
            Json j = new Json(text, source, p);
            if (p.nextToken() == null) {
                throw j.error(text.length(), "a value");
            }
            Object value = j.value();
            j.end();
            return value;
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? 0 : e.getLocation().getCharOffset();
            String message = e.getOriginalMessage();
            throw error(text, source, JsonErrors.start(message, at < 0 ? 0 : (int) at), JsonErrors.expected(message));
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
    }

    /** Nothing but blanks after the value. */
    private void end() {
        int at = (int) parser.currentLocation().getCharOffset();
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        if (at < text.length()) {
            throw error(at, "the end of the document");
        }
    }

    /** The value whose first token is the parser's current one. */
    private Object value() throws IOException {
        JsonToken t = parser.currentToken();
        if (t.isStructStart() && depth == MAX_DEPTH) {
            throw error((int) parser.currentTokenLocation().getCharOffset(),
                    "at most " + MAX_DEPTH + " levels of nesting");
        }
        return switch (t) {
            case START_OBJECT -> object();
            case START_ARRAY -> array();
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT -> integer();
            case VALUE_NUMBER_FLOAT -> Double.valueOf(parser.getDoubleValue());
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            default -> null;
        };
    }

    /** A {@link Long}, or a {@link Double} when out of a long's range. */
    private Object integer() throws IOException {
        if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return Double.valueOf(parser.getDoubleValue());
        }
        return Long.valueOf(parser.getLongValue());
    }

    private Map<String, Object> object() throws IOException {
        depth++;
        Map<String, Object> map = new LinkedHashMap<>();
        for (String key = parser.nextFieldName(); key != null; key = parser.nextFieldName()) {
            parser.nextToken();
            map.put(key, value());
        }
        depth--;
        return map;
    }

    private List<Object> array() throws IOException {
        depth++;
        List<Object> list = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            list.add(value());
        }
        depth--;
        return list;
    }

    private IllegalArgumentException error(int at, String expected) {
        return error(text, source, at, expected);
    }

    private static IllegalArgumentException error(String text, String source, int at, String expected) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(at, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        String found = at >= text.length() ? "the end of the text"
                : "'" + text.substring(at, Math.min(text.length(), at + 12)) + "'";
        return new IllegalArgumentException(
                source + ":" + line + ":" + column + ": expected " + expected + " but found " + found);
    }

    /** The object {@code value} is, or an error naming {@code where}. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> object(Object value, String where) {
        if (value instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException(where + ": expected a JSON object but found " + describe(value));
    }

    /** The list {@code value} is (empty for null), or an error naming {@code where}. */
    @SuppressWarnings("unchecked")
    public static List<Object> list(Object value, String where) {
        if (value == null) {
            return Collections.emptyList();
        }
        if (value instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new IllegalArgumentException(where + ": expected a JSON array but found " + describe(value));
    }

    /** A number field, or {@code null} when absent; an error naming the key when it is not a number. */
    public static Double number(Map<String, Object> object, String key, String where) {
        Object v = object.get(key);
        if (v == null) {
            return null;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException(where + ": key '" + key + "' should be a number but is " + describe(v));
    }

    /** A long field (exact for integers), or {@code null} when absent. */
    public static Long integer(Map<String, Object> object, String key, String where) {
        Object v = object.get(key);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof Number n) {
            return Math.round(n.doubleValue());
        }
        throw new IllegalArgumentException(where + ": key '" + key + "' should be a number but is " + describe(v));
    }

    /** A text field (numbers shown as text), or {@code null} when absent. */
    public static String text(Map<String, Object> object, String key) {
        Object v = object.get(key);
        return v == null ? null : String.valueOf(v);
    }

    private static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Map) {
            return "an object";
        }
        if (v instanceof List) {
            return "an array";
        }
        return v instanceof String ? "the text \"" + v + "\"" : v.toString();
    }
}
