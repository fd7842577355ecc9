package satin.deploy.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader, enough for the statistics and result files: objects become ordered maps,
 * arrays lists, numbers {@link Long} when integral and in range, {@link Double} otherwise. Unknown
 * fields are simply kept, so newer writers do not break older reports. Errors name the source, line
 * and column and what was expected there.
 */
public final class Json {

    private final String text;
    private final String source;
    private int at;
    /** How deep the value being read is nested: files that hold what members sent are read too. */
    private int depth;
    /** Deeper than any file satin writes (a report's deepest values sit four levels down). */
    static final int MAX_DEPTH = 64;

    private Json(String text, String source) {
        this.text = text;
        this.source = source;
    }

    /** Parses one JSON value filling {@code text}; {@code source} names it in errors (a file). */
    public static Object parse(String text, String source) {
        Json j = new Json(text, source);
        j.blank();
        Object value = j.value();
        j.blank();
        if (j.at < text.length()) {
            throw j.error("the end of the document");
        }
        return value;
    }

    private Object value() {
        if (at >= text.length()) {
            throw error("a value");
        }
        char c = text.charAt(at);
        if ((c == '{' || c == '[') && depth == MAX_DEPTH) {
            throw error("at most " + MAX_DEPTH + " levels of nesting");
        }
        return switch (c) {
            case '{' -> nested(this::object);
            case '[' -> nested(this::array);
            case '"' -> string();
            case 't' -> word("true", Boolean.TRUE);
            case 'f' -> word("false", Boolean.FALSE);
            case 'n' -> word("null", null);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("a value");
            }
        };
    }

    private Object nested(java.util.function.Supplier<Object> read) {
        depth++;
        try {
            return read.get();
        } finally {
            depth--;
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        at++;
        blank();
        if (peek('}')) {
            at++;
            return map;
        }
        while (true) {
            blank();
            if (!peek('"')) {
                throw error("a quoted field name");
            }
            String key = string();
            blank();
            expect(':');
            blank();
            map.put(key, value());
            blank();
            if (peek(',')) {
                at++;
            } else {
                expect('}');
                return map;
            }
        }
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        at++;
        blank();
        if (peek(']')) {
            at++;
            return list;
        }
        while (true) {
            blank();
            list.add(value());
            blank();
            if (peek(',')) {
                at++;
            } else {
                expect(']');
                return list;
            }
        }
    }

    private String string() {
        at++;
        StringBuilder b = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("a closing quote");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("an escaped character");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> b.append(unicode());
                default -> {
                    at--;
                    throw error("one of \" \\ / b f n r t u after a backslash");
                }
            }
        }
    }

    private char unicode() {
        if (at + 4 > text.length()) {
            throw error("four hexadecimal digits");
        }
        try {
            char c = (char) Integer.parseInt(text.substring(at, at + 4), 16);
            at += 4;
            return c;
        } catch (NumberFormatException e) {
            throw error("four hexadecimal digits");
        }
    }

    private Object number() {
        int start = at;
        boolean integral = true;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '.' || c == 'e' || c == 'E') {
                integral = false;
            } else if (!(c == '-' || c == '+' || (c >= '0' && c <= '9'))) {
                break;
            }
            at++;
        }
        String digits = text.substring(start, at);
        try {
            if (integral) {
                try {
                    return Long.parseLong(digits);
                } catch (NumberFormatException tooLong) {
                    return Double.parseDouble(digits);
                }
            }
            return Double.parseDouble(digits);
        } catch (NumberFormatException e) {
            at = start;
            throw error("a number (not '" + digits + "')");
        }
    }

    private Object word(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("a value");
        }
        at += word.length();
        return value;
    }

    private void blank() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("'" + c + "'");
        }
        at++;
    }

    private IllegalArgumentException error(String expected) {
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
