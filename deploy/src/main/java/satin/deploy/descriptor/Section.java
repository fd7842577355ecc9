package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * One mapping of the descriptor with its key path: typed reads that report what they found and
 * what they expected at the line of the value, and return null instead of throwing, so that
 * reading goes on and finds the other problems too.
 */
final class Section {

    final MappingNode node;
    final String path;
    final Problems problems;
    private final Map<String, Node> values = new LinkedHashMap<>();
    private final Map<String, Node> keys = new LinkedHashMap<>();

    private Section(MappingNode node, String path, Problems problems) {
        this.node = node;
        this.path = path;
        this.problems = problems;
    }

    /** The mapping at {@code path}, its keys checked against {@code allowed}; null if it is no mapping. */
    static Section of(Node node, String path, Problems problems, List<String> allowed) {
        if (!(node instanceof MappingNode m)) {
            problems.at(node, path, "found " + describe(node) + "; expected a mapping with " + String.join(", ", allowed));
            return null;
        }
        Section s = new Section(m, path, problems);
        for (NodeTuple t : m.getValue()) {
            s.add(t, allowed);
        }
        return s;
    }

    private void add(NodeTuple t, List<String> allowed) {
        Node key = t.getKeyNode();
        if (!(key instanceof ScalarNode k)) {
            problems.at(key, path, "found " + describe(key) + " as a key; expected one of " + String.join(", ", allowed));
            return;
        }
        String name = k.getValue();
        if (!allowed.contains(name)) {
            problems.at(key, child(name), "unknown key '" + name + "';" + Suggestions.didYouMean(name, allowed)
                    + " expected one of " + String.join(", ", allowed));
        } else if (values.containsKey(name)) {
            problems.at(key, child(name), "found a second '" + name + "' (the first is on line "
                    + (keys.get(name).getStartMark().getLine() + 1) + "); expected each key once");
        } else {
            keys.put(name, key);
            values.put(name, t.getValueNode());
        }
    }

    String child(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    Node value(String key) {
        return values.get(key);
    }

    Node keyNode(String key) {
        return keys.get(key);
    }

    /** Reports a missing key at the mapping that lacks it. */
    void missing(String key, String expected) {
        problems.at(node, child(key), "missing; expected " + expected);
    }

    /** A scalar's text, or null (reported) if absent and required, or not a non-empty scalar. */
    String text(String key, String expected, boolean required) {
        Node v = values.get(key);
        if (v == null) {
            if (required) {
                missing(key, expected);
            }
            return null;
        }
        return text(v, child(key), expected, problems);
    }

    static String text(Node v, String path, String expected, Problems problems) {
        if (v instanceof ScalarNode s && !isNull(s) && !s.getValue().isBlank()) {
            return s.getValue();
        }
        problems.at(v, path, "found " + describe(v) + "; expected " + expected);
        return null;
    }

    /** A whole number at least 1: {@code otherwise} if absent and optional, null if wrong (reported). */
    Integer positive(String key, String expected, Integer otherwise) {
        return positive(key, expected, otherwise, Integer.MAX_VALUE);
    }

    /** {@link #positive(String, String, Integer)} up to {@code max}. */
    Integer positive(String key, String expected, Integer otherwise, int max) {
        String range = max == Integer.MAX_VALUE ? " (a whole number >= 1)" : " (a whole number from 1 to " + max + ")";
        Node v = values.get(key);
        if (v == null) {
            if (otherwise == null) {
                missing(key, expected + range);
            }
            return otherwise;
        }
        String text = text(v, child(key), expected + range, problems);
        if (text == null) {
            return null;
        }
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with what was expected
        }
        problems.at(v, child(key), "found '" + text + "'; expected " + expected + range);
        return null;
    }

    /** A list of non-empty scalars; empty if absent, null if wrong (reported). */
    List<String> texts(String key, String expected) {
        Node v = values.get(key);
        return v == null ? List.of() : texts(v, child(key), expected, problems);
    }

    static List<String> texts(Node v, String path, String expected, Problems problems) {
        if (!(v instanceof SequenceNode seq)) {
            problems.at(v, path, "found " + describe(v) + "; expected a list of " + expected);
            return null;
        }
        List<String> out = new ArrayList<>();
        boolean ok = true;
        List<Node> items = seq.getValue();
        for (int i = 0; i < items.size(); i++) {
            String t = text(items.get(i), path + "[" + i + "]", expected, problems);
            ok &= t != null;
            out.add(t);
        }
        return ok ? out : null;
    }

    /** The items of a list, or null (reported) if it is not one. */
    static List<Node> items(Node v, String path, String expected, Problems problems) {
        if (v instanceof SequenceNode seq) {
            return seq.getValue();
        }
        problems.at(v, path, "found " + describe(v) + "; expected a list of " + expected);
        return null;
    }

    static boolean isNull(ScalarNode s) {
        return Tag.NULL.equals(s.getTag());
    }

    /** What a node is, as the messages say it: the scalar itself, or its kind. */
    static String describe(Node node) {
        if (node == null) {
            return "nothing";
        }
        if (node instanceof ScalarNode s) {
            return isNull(s) || s.getValue().isBlank() ? "nothing" : "'" + s.getValue() + "'";
        }
        return node instanceof SequenceNode ? "a list" : "a mapping";
    }
}
