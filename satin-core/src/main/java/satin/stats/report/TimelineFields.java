package satin.stats.report;

import static satin.stats.report.StatsFile.*;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;

/**
 * A node's {@link Timeline} as fields of its entry in {@code stats.json}, each left out when
 * empty, so that a node that recorded none writes what it wrote before timelines had workers.
 */
final class TimelineFields {

    private TimelineFields() {
    }

    static void write(JsonGenerator g, Timeline t) throws IOException {
        if (!t.workers().isEmpty()) {
            g.writeArrayFieldStart(WORKER_STATES);
            for (Timeline.Worker w : t.workers()) {
                g.writeStartArray();
                for (int i = 0; i < w.offsets().length; i++) {
                    g.writeNumber(w.offsets()[i]);
                    g.writeNumber(w.states()[i]);
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeArrayFieldStart(WORKER_STATES_DROPPED);
            for (Timeline.Worker w : t.workers()) {
                g.writeNumber(w.dropped());
            }
            g.writeEndArray();
        }
        if (!t.moves().isEmpty() || t.movesDropped() > 0) {
            g.writeArrayFieldStart(STEALS);
            for (Timeline.Move m : t.moves()) {
                g.writeStartArray();
                g.writeNumber(m.kind());
                g.writeNumber(m.peer());
                g.writeNumber(m.job());
                g.writeNumber(m.start());
                g.writeNumber(m.end());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeNumberField(STEALS_DROPPED, t.movesDropped());
        }
        intervals(g, MESSAGES_OVER_TIME, t.messages(), List.of(SENT, RECEIVED));
        intervals(g, FAILED_STEALS_OVER_TIME, t.failedSteals(), List.of(COUNTS));
    }

    private static void intervals(JsonGenerator g, String key, Timeline.Intervals i, List<String> names)
            throws IOException {
        if (i.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart(key);
        g.writeNumberField(OFFSET_NANOS, i.offsetNanos());
        g.writeNumberField(INTERVAL_NANOS, i.widthNanos());
        for (int s = 0; s < names.size() && s < i.series().size(); s++) {
            g.writeArrayFieldStart(names.get(s));
            for (long c : i.series().get(s)) {
                g.writeNumber(c);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}
