package satin.deploy.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A check of a file against the Chrome trace-event format, the JSON object form, as far as the
 * events satin writes use it: what each phase requires, metadata that names what it names,
 * complete events of one thread that do not overlap (a viewer nests overlapping ones, which a
 * thread's running and idle spans never are), counters whose values are numbers, and flows whose
 * ends meet: a flow bound to slices ({@code bind_id} with {@code flow_out} or {@code flow_in}, as
 * Perfetto's importer reads them) sits on a slice, says which way it goes, and begins once and
 * ends at least once; a flow of separate events ({@code s}, {@code t}, {@code f}) has an id, and
 * its start and its end, matched by id, category and name, both come. No viewer is installed
 * here to load the file in (Perfetto's trace processor and Chrome are not in the package
 * registries this machine reaches).
 */
public final class TraceFormat {

    private static final Set<String> PHASES = Set.of("X", "B", "E", "i", "I", "C", "M", "s", "t", "f", "b", "n", "e");
    private static final Set<String> NAMING = Set.of("process_name", "thread_name", "process_labels");
    private static final Set<String> SORTING = Set.of("process_sort_index", "thread_sort_index");
    /** Microseconds two spans may touch by through rounding: the file gives nanoseconds, three decimals. */
    private static final double SLACK = 1e-6;

    private TraceFormat() {
    }

    /** The file's events, after checking it; fails naming every problem found. */
    public static List<Map<String, Object>> events(Path file) throws IOException {
        Object root = Json.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString());
        List<String> problems = problems(root);
        if (!problems.isEmpty()) {
            throw new AssertionError(file + " is not a valid trace: " + String.join("; ", problems));
        }
        List<Map<String, Object>> events = new ArrayList<>();
        for (Object e : Json.list(Json.object(root, "trace").get("traceEvents"), "traceEvents")) {
            events.add(Json.object(e, "event"));
        }
        return events;
    }

    /** What makes {@code root} no trace, empty if nothing. */
    static List<String> problems(Object root) {
        List<String> problems = new ArrayList<>();
        if (!(root instanceof Map<?, ?> top)) {
            return List.of("not a JSON object");
        }
        if (!(top.get("traceEvents") instanceof List<?> events)) {
            return List.of("no traceEvents array");
        }
        Object unit = top.get("displayTimeUnit");
        if (unit != null && !Set.of("ms", "ns").contains(unit)) {
            problems.add("displayTimeUnit " + unit + " is neither ms nor ns");
        }
        Map<String, List<double[]>> spans = new HashMap<>();
        Flows flows = new Flows();
        for (int i = 0; i < events.size(); i++) {
            String at = "traceEvents[" + i + "]";
            if (!(events.get(i) instanceof Map<?, ?> e)) {
                problems.add(at + " is not an object");
                continue;
            }
            event(e, at, problems, spans);
            flows.add(e, at, problems);
        }
        spans.forEach((thread, list) -> overlaps(thread, list, problems));
        flows.unmatched(problems);
        return problems;
    }

    /** The flows of a file, both kinds, counted by their ends as the events come. */
    private static final class Flows {
        private static final Set<String> SLICES = Set.of("X", "B", "b", "n");
        /** Per bind id: how many slices begin it and how many end it. */
        private final Map<Object, int[]> bound = new java.util.LinkedHashMap<>();
        /** Per id, category and name of a flow of separate events: its starts and its ends. */
        private final Map<List<Object>, int[]> separate = new java.util.LinkedHashMap<>();

        void add(Map<?, ?> e, String at, List<String> problems) {
            Object ph = e.get("ph");
            if (e.containsKey("bind_id")) {
                bind(e, ph, at, problems);
            }
            if ("s".equals(ph) || "t".equals(ph) || "f".equals(ph)) {
                Object id = e.get("id");
                if (!(id instanceof Long) && !(id instanceof String)) {
                    problems.add(at + ": a flow event needs an id, not " + id);
                    return;
                }
                Object bp = e.get("bp");
                if (bp != null && !"e".equals(bp)) {
                    problems.add(at + ": binding point " + bp + " is not e");
                }
                int[] ends = separate.computeIfAbsent(List.of(id, String.valueOf(e.get("cat")),
                        String.valueOf(e.get("name"))), k -> new int[2]);
                if (!"t".equals(ph)) {
                    ends["s".equals(ph) ? 0 : 1]++;
                }
            }
        }

        private void bind(Map<?, ?> e, Object ph, String at, List<String> problems) {
            Object id = e.get("bind_id");
            if (!SLICES.contains(ph)) {
                problems.add(at + ": a flow is bound to a slice, not to phase " + ph);
            } else if (!(id instanceof Long) && !(id instanceof String)) {
                problems.add(at + ": bind_id " + id + " is neither a number nor a text");
            } else {
                boolean out = Boolean.TRUE.equals(e.get("flow_out"));
                boolean in = Boolean.TRUE.equals(e.get("flow_in"));
                if (!out && !in) {
                    problems.add(at + ": bind_id " + id + " without flow_out or flow_in");
                }
                int[] ends = bound.computeIfAbsent(id, k -> new int[2]);
                ends[0] += out ? 1 : 0;
                ends[1] += in ? 1 : 0;
            }
        }

        void unmatched(List<String> problems) {
            bound.forEach((id, ends) -> {
                if (ends[0] != 1 || ends[1] < 1) {
                    problems.add("flow " + id + " begins on " + ends[0] + " slices and ends on " + ends[1]
                            + ": it must begin once and end");
                }
            });
            separate.forEach((key, ends) -> {
                if (ends[0] != 1 || ends[1] < 1) {
                    problems.add("flow " + key + " has " + ends[0] + " starts (s) and " + ends[1] + " ends (f)");
                }
            });
        }
    }

    private static void event(Map<?, ?> e, String at, List<String> problems, Map<String, List<double[]>> spans) {
        if (!(e.get("name") instanceof String)) {
            problems.add(at + ": no name");
        }
        if (!(e.get("ph") instanceof String ph) || !PHASES.contains(ph)) {
            problems.add(at + ": phase " + e.get("ph") + " is none of the format's");
            return;
        }
        if (!(e.get("ts") instanceof Number ts) || ts.doubleValue() < 0) {
            problems.add(at + ": ts " + e.get("ts") + " is no time");
            return;
        }
        if (!(e.get("pid") instanceof Long) || !(e.get("tid") instanceof Long)) {
            problems.add(at + ": pid and tid must be integers: " + e.get("pid") + ", " + e.get("tid"));
            return;
        }
        Object args = e.get("args");
        switch (ph) {
            case "X" -> {
                if (!(e.get("dur") instanceof Number dur) || dur.doubleValue() < 0) {
                    problems.add(at + ": a complete event needs dur >= 0, not " + e.get("dur"));
                } else {
                    spans.computeIfAbsent(e.get("pid") + "/" + e.get("tid"), k -> new ArrayList<>())
                            .add(new double[] {ts.doubleValue(), ts.doubleValue() + dur.doubleValue()});
                }
            }
            case "M" -> metadata(e, args, at, problems);
            case "C" -> {
                if (!(args instanceof Map<?, ?> values) || values.isEmpty()
                        || !values.values().stream().allMatch(v -> v instanceof Number)) {
                    problems.add(at + ": a counter needs numeric args, not " + args);
                }
            }
            case "i", "I" -> {
                Object scope = e.get("s");
                if (scope != null && !Set.of("g", "p", "t").contains(scope)) {
                    problems.add(at + ": instant scope " + scope + " is none of g, p, t");
                }
            }
            default -> {
            }
        }
    }

    private static void metadata(Map<?, ?> e, Object args, String at, List<String> problems) {
        Object name = e.get("name");
        if (!(args instanceof Map<?, ?> a)) {
            problems.add(at + ": metadata without args");
        } else if (NAMING.contains(name)) {
            if (!(a.get(name.equals("process_labels") ? "labels" : "name") instanceof String)) {
                problems.add(at + ": " + name + " without its text in args");
            }
        } else if (SORTING.contains(name)) {
            if (!(a.get("sort_index") instanceof Long)) {
                problems.add(at + ": " + name + " without an integer args.sort_index");
            }
        } else {
            problems.add(at + ": metadata " + name + " is none the format names");
        }
    }

    private static void overlaps(String thread, List<double[]> list, List<String> problems) {
        list.sort((a, b) -> Double.compare(a[0], b[0]));
        for (int i = 1; i < list.size(); i++) {
            if (list.get(i)[0] < list.get(i - 1)[1] - SLACK) {
                problems.add("pid/tid " + thread + ": a span at " + list.get(i)[0] + " starts before the one at "
                        + list.get(i - 1)[0] + " ends (" + list.get(i - 1)[1] + ")");
                return;
            }
        }
    }
}
