package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import satin.lb.Balancers;

/**
 * A balancer: {@code CRS}, {@code RP:threshold=8} as {@link Balancers} writes it, or a mapping with
 * {@code name} and {@code settings}, which becomes that text. {@link Balancers#parse} has the last
 * word on the settings, so nothing valid here fails at launch.
 */
final class BalancerReader {

    static final List<String> KEYS = List.of("name", "settings");
    private static final Pattern SETTING = Pattern.compile("setting (\\S+)");
    private static final String EXPECTED_NAME = "one of " + String.join(", ", Balancers.NAMES);

    private BalancerReader() {
    }

    /** The balancer text, or null if wrong (reported). */
    static String read(Node node, String path, Problems problems) {
        if (node instanceof ScalarNode) {
            String text = Section.text(node, path, EXPECTED_NAME + ", optionally with settings like RP:threshold=8",
                    problems);
            int colon = text == null ? -1 : text.indexOf(':');
            String name = text == null ? null : checkName(colon < 0 ? text : text.substring(0, colon), node, path, problems);
            return name == null ? null : validated(name + (colon < 0 ? "" : text.substring(colon)), node, path, problems);
        }
        Section s = Section.of(node, path, problems, KEYS);
        if (s == null) {
            return null;
        }
        String name = s.text("name", EXPECTED_NAME, true);
        name = name == null ? null : checkName(name, s.value("name"), s.child("name"), problems);
        String settings = settings(s);
        if (name == null || settings == null) {
            return null;
        }
        String text = settings.isEmpty() ? name : name + ":" + settings;
        try {
            Balancers.parse(text);
            return text;
        } catch (IllegalArgumentException e) {
            reportSetting(s, e.getMessage());
            return null;
        }
    }

    /**
     * Puts a refusal of {@link Balancers#parse} at the setting it names ("RP has no setting x",
     * "RP setting x needs a number"), or at the settings as a whole when it names none.
     */
    private static void reportSetting(Section s, String message) {
        Node at = s.has("settings") ? s.value("settings") : s.node;
        String path = s.has("settings") ? s.child("settings") : s.path;
        Matcher m = SETTING.matcher(message);
        if (m.find() && at instanceof MappingNode settings) {
            for (NodeTuple t : settings.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(m.group(1))) {
                    at = message.contains("has no setting") ? k : t.getValueNode();
                    path = path + "." + k.getValue();
                }
            }
        }
        s.problems.at(at, path, message);
    }

    private static String checkName(String name, Node at, String path, Problems problems) {
        String trimmed = name.trim();
        String upper = trimmed.toUpperCase(Locale.ROOT);
        if (Balancers.NAMES.contains(upper)) {
            return upper;
        }
        problems.at(at, path, "found '" + trimmed + "', which is no balancer;" + Suggestions.didYouMean(trimmed,
                Balancers.NAMES) + " expected " + EXPECTED_NAME);
        return null;
    }

    /** {@code k=v,k=v} from the settings mapping; empty if there is none, null if wrong. */
    private static String settings(Section s) {
        Node v = s.value("settings");
        if (v == null) {
            return "";
        }
        if (!(v instanceof MappingNode m)) {
            s.problems.at(v, s.child("settings"), "found " + Section.describe(v)
                    + "; expected a mapping of settings like threshold: 8");
            return null;
        }
        List<String> parts = new ArrayList<>();
        boolean ok = true;
        for (NodeTuple t : m.getValue()) {
            String key = Section.text(t.getKeyNode(), s.child("settings"), "a setting's name", s.problems);
            String value = key == null ? null
                    : Section.text(t.getValueNode(), s.child("settings") + "." + key, "a value for " + key, s.problems);
            ok &= value != null;
            parts.add(key + "=" + value);
        }
        return ok ? String.join(",", parts) : null;
    }

    private static String validated(String text, Node at, String path, Problems problems) {
        try {
            Balancers.parse(text);
            return text;
        } catch (IllegalArgumentException e) {
            problems.at(at, path, e.getMessage());
            return null;
        }
    }
}
