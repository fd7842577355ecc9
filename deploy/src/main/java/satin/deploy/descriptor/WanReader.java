package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import satin.net.WanLinks;

/**
 * The {@code wan:} section, written as YAML for people and turned into the one-line
 * {@code satin.net.WanLinks} text that the runtime reads ({@code A>B=10ms/100KB/s,*=100ms/100KB/s}).
 * Each value is checked here, where its line is known, and the whole text once more by
 * {@link WanLinks#parse}, so that the two can never disagree about what is valid.
 */
final class WanReader {

    static final List<String> KEYS = List.of("default", "links");
    static final List<String> LINK_KEYS = List.of("latency", "bandwidth", "jitter");
    static final List<String> PAIR_KEYS = List.of("from", "to", "latency", "bandwidth", "jitter");

    private static final Pattern BANDWIDTH = Pattern.compile("\\d+(\\.\\d+)?\\s*(B|KB|MB|GB)/s");
    private static final String BANDWIDTH_EXPECTED = "a bandwidth like 100KB/s (B, KB, MB or GB per second)";

    private WanReader() {
    }

    /** The WAN text of a {@code wan:} value (a mapping, or WanLinks text as it is), or null if wrong. */
    static String read(Node node, String path, Set<String> clusters, Problems problems) {
        String text;
        if (node instanceof ScalarNode) {
            text = Section.text(node, path, "none, WanLinks text like 10ms/100KB/s, or a mapping with default and links",
                    problems);
        } else {
            text = fromMapping(node, path, clusters, problems);
        }
        if (text == null) {
            return null;
        }
        try {
            WanLinks.parse(text);
        } catch (IllegalArgumentException e) {
            problems.at(node, path, e.getMessage());
            return null;
        }
        return namesKnown(text, node, path, clusters, problems) ? text : null;
    }

    /**
     * WanLinks takes any names, since a pool learns its clusters as nodes join; a descriptor knows
     * them all, so a link to no cluster is a typo and would silently never apply.
     */
    private static boolean namesKnown(String text, Node node, String path, Set<String> clusters, Problems problems) {
        if (clusters.isEmpty()) {
            return true;
        }
        boolean ok = true;
        for (String part : text.split(",")) {
            int eq = part.indexOf('=');
            String[] ends = eq < 0 ? new String[0] : part.substring(0, eq).split(">");
            for (String end : ends) {
                String name = end.trim();
                if (!name.equals("*") && !clusters.contains(name)) {
                    problems.at(node, path, "found a link naming '" + name + "', which no cluster is called;"
                            + Suggestions.didYouMean(name, clusters) + " expected cluster names (" + String.join(", ",
                                    clusters) + ")");
                    ok = false;
                }
            }
        }
        return ok;
    }

    private static String fromMapping(Node node, String path, Set<String> clusters, Problems problems) {
        Section s = Section.of(node, path, problems, KEYS);
        if (s == null) {
            return null;
        }
        String fallback = s.has("default") ? spec(Section.of(s.value("default"), s.child("default"), problems, LINK_KEYS))
                : "";
        List<String> pairs = pairs(s, clusters);
        if (fallback == null || pairs == null) {
            return null;
        }
        if (pairs.isEmpty()) {
            if (fallback.isEmpty()) {
                problems.at(node, path, "found no default and no links; expected at least one (or wan: none)");
                return null;
            }
            return fallback;
        }
        return String.join(",", pairs) + (fallback.isEmpty() ? "" : ",*=" + fallback);
    }

    private static List<String> pairs(Section s, Set<String> clusters) {
        if (!s.has("links")) {
            return List.of();
        }
        List<Node> items = Section.items(s.value("links"), s.child("links"), "links with from, to, latency and bandwidth",
                s.problems);
        if (items == null) {
            return null;
        }
        List<String> pairs = new ArrayList<>();
        Map<String, Node> seen = new HashMap<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            String pair = pair(Section.of(items.get(i), s.child("links") + "[" + i + "]", s.problems, PAIR_KEYS), clusters,
                    seen);
            ok &= pair != null;
            pairs.add(pair);
        }
        return ok ? pairs : null;
    }

    private static String pair(Section s, Set<String> clusters, Map<String, Node> seen) {
        if (s == null) {
            return null;
        }
        String from = end(s, "from", clusters);
        String to = end(s, "to", clusters);
        String spec = spec(s);
        if (from != null && from.equals(to)) {
            s.problems.at(s.value("to"), s.child("to"), "found '" + to + "', the same as from; expected another cluster "
                    + "(links inside a cluster are not emulated)");
            return null;
        }
        if (from != null && to != null) {
            Node first = seen.putIfAbsent(from + ">" + to, s.node);
            if (first != null) {
                s.problems.at(s.node, s.path, "found a second link from " + from + " to " + to + " (the first on line "
                        + (first.getStartMark().getLine() + 1) + "); expected one per direction");
                return null;
            }
        }
        return from == null || to == null || spec == null ? null : from + ">" + to + "=" + spec;
    }

    private static String end(Section s, String key, Set<String> clusters) {
        String expected = "the name of a cluster (" + String.join(", ", clusters) + ")";
        String name = s.text(key, expected, true);
        if (name != null && !clusters.isEmpty() && !clusters.contains(name)) {
            s.problems.at(s.value(key), s.child(key), "found '" + name + "', which no cluster is called;"
                    + Suggestions.didYouMean(name, clusters) + " expected " + expected);
            return null;
        }
        return name;
    }

    /** {@code LATENCY/BANDWIDTH[/JITTER]} from a mapping with those keys, or null if wrong. */
    private static String spec(Section s) {
        if (s == null) {
            return null;
        }
        String latency = delay(s, "latency", true);
        String bandwidth = measure(s, "bandwidth", BANDWIDTH, BANDWIDTH_EXPECTED, true);
        String jitter = delay(s, "jitter", false);
        if (latency == null || bandwidth == null || (jitter == null && s.has("jitter"))) {
            return null;
        }
        return latency + "/" + bandwidth + (jitter == null ? "" : "/" + jitter);
    }

    /** A latency or jitter, held to what {@link WanLinks} takes in link text. */
    private static String delay(Section s, String key, boolean required) {
        String text = s.text(key, satin.runtime.Durations.EXPECTED, required);
        if (text == null) {
            return null;
        }
        try {
            WanLinks.delayNanos(text);
        } catch (IllegalArgumentException e) {
            s.problems.at(s.value(key), s.child(key), e.getMessage());
            return null;
        }
        return text.replace(" ", "");
    }

    private static String measure(Section s, String key, Pattern pattern, String expected, boolean required) {
        String text = s.text(key, expected, required);
        if (text == null) {
            return null;
        }
        String compact = text.replace(" ", "");
        if (!pattern.matcher(compact).matches()) {
            s.problems.at(s.value(key), s.child(key), "found '" + text + "'; expected " + expected);
            return null;
        }
        return compact;
    }
}
