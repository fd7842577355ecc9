package satin.deploy.launch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * {@code result.json}'s layout, written by Jackson's streaming generator from maps, lists, strings,
 * numbers and booleans: an object's fields one a line, indented by two, {@code "key": value}; a
 * list on the line of its field, {@code [a, b]}. People read the record and scripts grep it for
 * {@code "ending": "finished"}, so the layout is kept as it was.
 */
final class RecordJson {

    private static final JsonFactory JSON = new JsonFactory();

    private RecordJson() {
    }

    /** {@code value} as JSON text: a map an object, a list an array, anything else not a number or boolean a string. */
    static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out).setPrettyPrinter(layout())) {
            value(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static DefaultPrettyPrinter layout() {
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withArrayValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("").withArrayEmptySeparator("");
        DefaultPrettyPrinter p = new DefaultPrettyPrinter(separators);
        p.indentObjectsWith(new DefaultIndenter("  ", "\n"));
        p.indentArraysWith(new DefaultPrettyPrinter.NopIndenter());
        return p;
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof List<?> l) {
            g.writeStartArray();
            for (Object o : l) {
                value(g, o);
            }
            g.writeEndArray();
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v == null) {
            g.writeNull();
        } else {
            g.writeString(v.toString());
        }
    }
}
