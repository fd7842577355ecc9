package satin.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulated pool: clusters in order, each with its nodes and their workers. Nodes are numbered
 * from 0 cluster by cluster, as the registry numbers the members of a run that starts its clusters
 * in order; node 0, the first of the first cluster, is the master, where the root job starts.
 */
public final class Topology {

    /** One cluster: its name, how many nodes, and how many workers each has. */
    public record Cluster(String name, int nodes, int workers) {
        public Cluster {
            if (name == null || name.isBlank() || nodes < 1 || workers < 1) {
                throw new IllegalArgumentException("cluster '" + name + "' needs a name, at least one node and one worker");
            }
        }
    }

    private final List<Cluster> clusters;
    private final int[] clusterOf;
    private final int[] firstOf;

    public Topology(List<Cluster> clusters) {
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("a simulated pool needs at least one cluster");
        }
        this.clusters = List.copyOf(clusters);
        long total = clusters.stream().mapToLong(Cluster::nodes).sum();
        if (total > 1 << 20) {
            throw new IllegalArgumentException("a simulated pool of " + total + " nodes is more than this simulator holds (2^20)");
        }
        clusterOf = new int[(int) total];
        firstOf = new int[clusters.size()];
        int n = 0;
        for (int c = 0; c < clusters.size(); c++) {
            firstOf[c] = n;
            for (int k = 0; k < clusters.get(c).nodes(); k++) {
                clusterOf[n++] = c;
            }
        }
        if (clusters.stream().map(Cluster::name).distinct().count() != clusters.size()) {
            throw new IllegalArgumentException("two clusters have the same name: " + clusters);
        }
    }

    /** {@code count} clusters of {@code nodes} nodes each, named grid-0, grid-1, ... (local if one), one worker a node. */
    public static Topology grid(int count, int nodes) {
        List<Cluster> cs = new ArrayList<>();
        for (int c = 0; c < count; c++) {
            cs.add(new Cluster(count == 1 ? "local" : "grid-" + c, nodes, 1));
        }
        return new Topology(cs);
    }

    public int nodes() {
        return clusterOf.length;
    }

    /** Workers of every node. */
    public int workers() {
        return clusters.stream().mapToInt(c -> c.nodes() * c.workers()).sum();
    }

    public int clusters() {
        return clusters.size();
    }

    public List<Cluster> clusterList() {
        return clusters;
    }

    int clusterOf(int node) {
        return clusterOf[node];
    }

    String clusterName(int cluster) {
        return clusters.get(cluster).name();
    }

    int workersOf(int node) {
        return clusters.get(clusterOf[node]).workers();
    }

    /** The node's name, as a real run names it: its cluster's name and its place in the cluster. */
    String nodeName(int node) {
        int c = clusterOf[node];
        return clusters.get(c).name() + "-" + (node - firstOf[c]);
    }
}
