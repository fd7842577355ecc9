package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;

/** The {@code clusters:} list: names, counts, placements, hosts and JVM options, each checked. */
final class ClusterReader {

    static final List<String> KEYS = List.of("name", "nodes", "workers", "where", "hosts", "jvmOptions");
    static final List<String> PLACES = List.of("jvm", "processes", "ssh");

    /** Cluster names end up in WAN text ({@code A>B=...}) and node names, so they keep to safe letters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern HOST = Pattern.compile("[^\\s,]+");

    private ClusterReader() {
    }

    /** The clusters, or null if any is wrong (every problem reported). */
    static List<ClusterPlan> read(Section top) {
        Node v = top.value("clusters");
        if (v == null) {
            top.missing("clusters", "a list of clusters, each with a name and nodes");
            return null;
        }
        List<Node> items = Section.items(v, "clusters", "clusters, each with a name and nodes", top.problems);
        if (items == null) {
            return null;
        }
        if (items.isEmpty()) {
            top.problems.at(v, "clusters", "found an empty list; expected at least one cluster");
            return null;
        }
        List<ClusterPlan> clusters = new ArrayList<>();
        Map<String, Node> seen = new HashMap<>();
        boolean ok = true;
        for (int i = 0; i < items.size(); i++) {
            ClusterPlan c = cluster(items.get(i), "clusters[" + i + "]", top.problems, seen);
            ok &= c != null;
            clusters.add(c);
        }
        return ok ? clusters : null;
    }

    private static ClusterPlan cluster(Node node, String path, Problems problems, Map<String, Node> seen) {
        Section s = Section.of(node, path, problems, KEYS);
        if (s == null) {
            return null;
        }
        String name = name(s, seen);
        Integer nodes = s.positive("nodes", "the number of nodes", null);
        Integer workers = s.positive("workers", "worker threads per node", 1);
        Placement where = placement(s);
        List<String> hosts = hosts(s, where);
        List<String> jvmOptions = s.texts("jvmOptions", "JVM options like -Xmx2g");
        if (jvmOptions != null && !jvmOptions.isEmpty() && where == Placement.IN_JVM) {
            problems.at(s.keyNode("jvmOptions"), s.child("jvmOptions"),
                    "found JVM options for a cluster in this JVM; expected them only with where: processes or ssh");
            jvmOptions = null;
        }
        if (name == null || nodes == null || workers == null || where == null || hosts == null || jvmOptions == null) {
            return null;
        }
        return new ClusterPlan(name, nodes, workers, where, hosts, jvmOptions);
    }

    private static String name(Section s, Map<String, Node> seen) {
        String expected = "a cluster name of letters, digits, '_', '.' or '-'";
        String name = s.text("name", expected, true);
        if (name == null) {
            return null;
        }
        Node at = s.value("name");
        if (!NAME.matcher(name).matches()) {
            s.problems.at(at, s.child("name"), "found '" + name + "'; expected " + expected);
            return null;
        }
        Node first = seen.putIfAbsent(name, at);
        if (first != null) {
            s.problems.at(at, s.child("name"), "found '" + name + "' again (first on line "
                    + (first.getStartMark().getLine() + 1) + "); expected a name no other cluster has");
            return null;
        }
        return name;
    }

    private static Placement placement(Section s) {
        String expected = "one of " + String.join(", ", PLACES);
        String where = s.text("where", expected, false);
        if (where == null) {
            return s.has("where") ? null : Placement.IN_JVM;
        }
        switch (where) {
            case "jvm":
                return Placement.IN_JVM;
            case "processes":
                return Placement.PROCESSES;
            case "ssh":
                return Placement.SSH;
            default:
                s.problems.at(s.value("where"), s.child("where"), "found '" + where + "';"
                        + Suggestions.didYouMean(where, PLACES) + " expected " + expected);
                return null;
        }
    }

    private static List<String> hosts(Section s, Placement where) {
        String expected = "host names like node1 or user@node2";
        List<String> hosts = s.texts("hosts", expected);
        if (hosts == null) {
            return null;
        }
        for (int i = 0; i < hosts.size(); i++) {
            if (!HOST.matcher(hosts.get(i)).matches()) {
                Node item = ((org.yaml.snakeyaml.nodes.SequenceNode) s.value("hosts")).getValue().get(i);
                s.problems.at(item, s.child("hosts") + "[" + i + "]", "found '" + hosts.get(i) + "'; expected " + expected);
                return null;
            }
        }
        if (where == Placement.SSH && hosts.isEmpty()) {
            if (s.has("hosts")) {
                s.problems.at(s.value("hosts"), s.child("hosts"), "found an empty list; expected the " + expected
                        + " that where: ssh starts nodes on");
            } else {
                s.missing("hosts", "the " + expected + " that where: ssh starts nodes on");
            }
            return null;
        }
        if (where != null && where != Placement.SSH && s.has("hosts")) {
            s.problems.at(s.keyNode("hosts"), s.child("hosts"), "found hosts for a cluster with where: "
                    + (where == Placement.IN_JVM ? "jvm" : "processes") + "; expected hosts only with where: ssh");
            return null;
        }
        return hosts;
    }
}
