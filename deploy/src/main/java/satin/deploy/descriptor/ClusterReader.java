package satin.deploy.descriptor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.SlurmPlan;

/** The {@code clusters:} list: names, counts, placements, hosts and JVM options, each checked. */
final class ClusterReader {

    static final List<String> KEYS = List.of("name", "nodes", "workers", "where", "hosts", "sshOptions", "slurm",
            "jvmOptions", "frontEnd");
    static final List<String> PLACES = List.of("jvm", "processes", "ssh", "slurm");

    /** Cluster names end up in WAN text ({@code A>B=...}) and node names, so they keep to safe letters. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    /** An ssh destination: never one that starts with '-', which ssh would read as an option (-oProxyCommand=...). */
    private static final Pattern HOST = Pattern.compile("[^\\s,-][^\\s,]*");
    /** A host name, an IPv4 address or an IPv6 one (bracketed or not). */
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9._-]+|\\[?[0-9A-Fa-f:.]+]?");
    static final List<String> HOST_KEYS = List.of("ssh", "address");

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
        Integer workers = s.positive("workers", "worker threads per node", 1, satin.runtime.NodeConfig.MAX_WORKERS);
        Placement where = placement(s);
        Hosts hosts = hosts(s, where);
        List<String> jvmOptions = s.texts("jvmOptions", "JVM options like -Xmx2g");
        if (jvmOptions != null && !jvmOptions.isEmpty() && where == Placement.IN_JVM) {
            problems.at(s.keyNode("jvmOptions"), s.child("jvmOptions"),
                    "found JVM options for a cluster in this JVM; expected them only with where: processes, ssh or slurm");
            jvmOptions = null;
        }
        List<String> sshOptions = sshOptions(s, where);
        SlurmPlan slurm = SlurmReader.read(s, where, nodes);
        Optional<ClusterPlan.FrontEnd> frontEnd = frontEnd(s, where);
        if (name == null || nodes == null || workers == null || where == null || hosts == null || jvmOptions == null
                || sshOptions == null || (slurm == null && where == Placement.SLURM) || frontEnd == null) {
            return null;
        }
        return new ClusterPlan(name, nodes, workers, where, hosts.destinations(), jvmOptions, hosts.addresses(),
                sshOptions, slurm, hosts.lines(), frontEnd.orElse(null));
    }

    /**
     * The {@code frontEnd:} of an ssh cluster, {@code alias} or {@code {ssh: alias, address: HOST}}:
     * empty if there is none, null if it is wrong (reported).
     */
    private static Optional<ClusterPlan.FrontEnd> frontEnd(Section s, Placement where) {
        Node v = s.value("frontEnd");
        if (v == null) {
            return Optional.empty();
        }
        if (where != null && where != Placement.SSH) {
            s.problems.at(s.keyNode("frontEnd"), s.child("frontEnd"), "found a front-end for a cluster not started "
                    + "over ssh; expected one only with where: ssh");
            return null;
        }
        List<String> destinations = new ArrayList<>();
        Map<String, String> addresses = new HashMap<>();
        if (!host(v, s.child("frontEnd"), s.problems, destinations, addresses)) {
            return null;
        }
        String ssh = destinations.get(0);
        return Optional.of(new ClusterPlan.FrontEnd(ssh, addresses.get(ssh), s.problems.origin() + ":"
                + (v.getStartMark().getLine() + 1)));
    }

    private static List<String> sshOptions(Section s, Placement where) {
        List<String> options = s.texts("sshOptions", "ssh options like -F, ssh_config or -J, gateway");
        if (options != null && s.has("sshOptions") && where != null && where != Placement.SSH) {
            s.problems.at(s.keyNode("sshOptions"), s.child("sshOptions"),
                    "found ssh options for a cluster not started over ssh; expected them only with where: ssh");
            return null;
        }
        return options;
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
            case "slurm":
                return Placement.SLURM;
            default:
                s.problems.at(s.value("where"), s.child("where"), "found '" + where + "';"
                        + Suggestions.didYouMean(where, PLACES) + " expected " + expected);
                return null;
        }
    }

    /** The ssh destinations of a cluster's hosts, and the addresses given for some of them. */
    private record Hosts(List<String> destinations, Map<String, String> addresses, Map<String, String> lines) {
    }

    private static Hosts hosts(Section s, Placement where) {
        String expected = "host names like node1 or user@node2";
        Node v = s.value("hosts");
        List<Node> items = v == null ? List.of() : Section.items(v, s.child("hosts"), expected
                + ", or mappings like {ssh: alias, address: 10.0.0.5}", s.problems);
        if (items == null) {
            return null;
        }
        List<String> destinations = new ArrayList<>();
        Map<String, String> addresses = new HashMap<>();
        boolean ok = true;
        Map<String, String> lines = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ok &= host(items.get(i), s.child("hosts") + "[" + i + "]", s.problems, destinations, addresses);
            String destination = destinations.get(destinations.size() - 1);
            if (destination != null) {
                lines.putIfAbsent(destination, s.problems.origin() + ":" + (items.get(i).getStartMark().getLine() + 1));
            }
        }
        if (!ok || !hostsFit(s, where, destinations, expected)) {
            return null;
        }
        return new Hosts(destinations, addresses, lines);
    }

    /**
     * One host: its ssh destination ({@code node1}, {@code user@node2}, an alias of
     * {@code ~/.ssh/config}), alone or as {@code {ssh: DESTINATION, address: HOST}} with the name
     * or address other nodes reach it at.
     */
    private static boolean host(Node item, String path, Problems problems, List<String> destinations,
            Map<String, String> addresses) {
        String expected = "an ssh destination like node1, user@node2 or an alias of ~/.ssh/config (not starting with '-')";
        if (item instanceof org.yaml.snakeyaml.nodes.MappingNode) {
            Section h = Section.of(item, path, problems, HOST_KEYS); // a mapping: never null
            String ssh = matching(h, "ssh", HOST, expected, true);
            String address = matching(h, "address", ADDRESS, "a host name or IP address like east-0.example.org or "
                    + "10.0.0.5, where other nodes reach its nodes", false);
            destinations.add(ssh);
            if (ssh != null && address != null) {
                addresses.put(ssh, address);
            }
            return ssh != null && (address != null || !h.has("address"));
        }
        String ssh = Section.text(item, path, expected, problems);
        if (ssh != null && !HOST.matcher(ssh).matches()) {
            problems.at(item, path, "found '" + ssh + "'; expected " + expected);
            ssh = null;
        }
        destinations.add(ssh);
        return ssh != null;
    }

    /** A key's text if it matches {@code pattern}; null if absent or wrong (reported when wrong, or absent and required). */
    private static String matching(Section h, String key, Pattern pattern, String expected, boolean required) {
        String value = h.text(key, expected, required);
        if (value != null && !pattern.matcher(value).matches()) {
            h.problems.at(h.value(key), h.child(key), "found '" + value + "'; expected " + expected);
            return null;
        }
        return value;
    }

    private static boolean hostsFit(Section s, Placement where, List<String> hosts, String expected) {
        if (where == Placement.SSH && hosts.isEmpty()) {
            if (s.has("hosts")) {
                s.problems.at(s.value("hosts"), s.child("hosts"), "found an empty list; expected the " + expected
                        + " that where: ssh starts nodes on");
            } else {
                s.missing("hosts", "the " + expected + " that where: ssh starts nodes on");
            }
            return false;
        }
        if (where != null && where != Placement.SSH && s.has("hosts")) {
            s.problems.at(s.keyNode("hosts"), s.child("hosts"), "found hosts for a cluster with where: "
                    + PLACES.get(where.ordinal()) + "; expected hosts only with where: ssh");
            return false;
        }
        return true;
    }
}
