package satin.lb;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A balancer's view of the pool, by cluster, recomputed when the membership changes (not on every
 * idle moment): the other members, those of this node's cluster and those outside it, grouped
 * by cluster.
 */
final class Membership {

    private final BalancerPort port;
    private String cluster = "";
    private List<Integer> others = List.of();
    private List<Integer> local = List.of();
    private List<Integer> remote = List.of();
    private List<Integer> clusterWithSelf = List.of();
    private Map<String, List<Integer>> remoteClusters = Map.of();

    Membership(BalancerPort port) {
        this.port = port;
    }

    void refresh() {
        String mine = port.clusterOf(port.self());
        List<Integer> l = new ArrayList<>();
        List<Integer> r = new ArrayList<>();
        Map<String, List<Integer>> byCluster = new TreeMap<>();
        for (int m : port.others()) {
            String c = port.clusterOf(m);
            if (c.equals(mine)) {
                l.add(m);
            } else {
                r.add(m);
                byCluster.computeIfAbsent(c, k -> new ArrayList<>()).add(m);
            }
        }
        List<Integer> withSelf = new ArrayList<>(l);
        withSelf.add(port.self());
        withSelf.sort(null);
        Map<String, List<Integer>> frozen = new LinkedHashMap<>();
        byCluster.forEach((c, ms) -> frozen.put(c, List.copyOf(ms)));
        cluster = mine;
        others = List.copyOf(port.others());
        local = List.copyOf(l);
        remote = List.copyOf(r);
        clusterWithSelf = List.copyOf(withSelf);
        remoteClusters = frozen;
    }

    /** This node's cluster. */
    String cluster() {
        return cluster;
    }

    List<Integer> others() {
        return others;
    }

    /** The other members of this node's cluster. */
    List<Integer> local() {
        return local;
    }

    /** The members of every other cluster. */
    List<Integer> remote() {
        return remote;
    }

    /** This node's cluster, itself included, in ascending order of id. */
    List<Integer> clusterWithSelf() {
        return clusterWithSelf;
    }

    /** The other clusters' members, by cluster name, each list in ascending order. */
    Map<String, List<Integer>> remoteClusters() {
        return remoteClusters;
    }
}
