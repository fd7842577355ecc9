package satin.deploy.report;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The events of a Chrome trace-event file as satin writes them, one call each, onto a Jackson
 * generator inside the file's {@code traceEvents} array. Times are nanoseconds here and the
 * format's microseconds in the file, exactly: whole ones as integers, the rest with three decimals.
 */
final class TraceWriter {

    private final JsonGenerator g;

    TraceWriter(JsonGenerator g) {
        this.g = g;
    }

    /** A metadata event whose one argument is {@code key}: a text, or a number if {@code value} is an Integer. */
    void metadata(String kind, int pid, int tid, String key, Object value) throws IOException {
        g.writeStartObject();
        head(kind, "M", 0, pid, tid);
        g.writeObjectFieldStart("args");
        if (value instanceof Integer i) {
            g.writeNumberField(key, i);
        } else {
            g.writeStringField(key, String.valueOf(value));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** A thread's name and its place among its process's threads. */
    void thread(int pid, int tid, String name) throws IOException {
        metadata("thread_name", pid, tid, "name", name);
        metadata("thread_sort_index", pid, tid, "sort_index", tid);
    }

    /** A complete event from {@code start} to {@code end}, with {@code args} (numbers or texts; none if empty). */
    void complete(String name, long start, long end, int pid, int tid, Map<String, ?> args) throws IOException {
        complete(name, start, end, pid, tid, args, null, 0);
    }

    /**
     * A complete event that begins ({@code flow} "out") or ends ({@code flow} "in") flow
     * {@code flowId}: the flow is bound to this very event (the format's {@code bind_id}).
     */
    void complete(String name, long start, long end, int pid, int tid, Map<String, ?> args, String flow, long flowId)
            throws IOException {
        g.writeStartObject();
        head(name, "X", start, pid, tid);
        g.writeFieldName("dur");
        micros(end - start);
        if (flow != null) {
            g.writeNumberField("bind_id", flowId);
            g.writeBooleanField("flow_" + flow, true);
        }
        args(args);
        g.writeEndObject();
    }

    /** An instant event on a thread's track, with {@code args}. */
    void instant(String name, long at, int pid, int tid, Map<String, ?> args) throws IOException {
        g.writeStartObject();
        head(name, "i", at, pid, tid);
        g.writeStringField("s", "t");
        g.writeObjectFieldStart("args");
        values(args);
        g.writeEndObject();
        g.writeEndObject();
    }

    /** A counter's values from {@code at} until its next event. */
    void counter(String name, long at, int pid, Map<String, Long> values) throws IOException {
        g.writeStartObject();
        head(name, "C", at, pid, 0);
        g.writeObjectFieldStart("args");
        values(values);
        g.writeEndObject();
        g.writeEndObject();
    }

    private void args(Map<String, ?> args) throws IOException {
        if (args != null && !args.isEmpty()) {
            g.writeObjectFieldStart("args");
            values(args);
            g.writeEndObject();
        }
    }

    private void values(Map<String, ?> values) throws IOException {
        for (Map.Entry<String, ?> e : values.entrySet()) {
            if (e.getValue() instanceof Number n) {
                g.writeNumberField(e.getKey(), n.longValue());
            } else {
                g.writeStringField(e.getKey(), String.valueOf(e.getValue()));
            }
        }
    }

    private void head(String name, String phase, long nanos, int pid, int tid) throws IOException {
        g.writeStringField("name", name);
        g.writeStringField("ph", phase);
        g.writeFieldName("ts");
        micros(nanos);
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
    }

    private void micros(long nanos) throws IOException {
        if (nanos % 1000 == 0) {
            g.writeNumber(nanos / 1000);
        } else {
            g.writeNumber(BigDecimal.valueOf(nanos, 3));
        }
    }
}
