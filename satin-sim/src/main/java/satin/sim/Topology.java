package satin.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The simulated pool: clusters in order, each with its nodes and their workers. Nodes are numbered
 * from 0 cluster by cluster, as the registry numbers the members of a run that starts its clusters
 * in order, or {@linkplain #interleaved() dealt out} one to each cluster in turn; node 0, the first
 * of the first cluster, is the master, where the root job starts.
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
    /** Each node's place among its cluster's nodes. */
    private final int[] placeOf;

    public Topology(List<Cluster> clusters) {
        this(clusters, false);
    }

    private Topology(List<Cluster> clusters, boolean interleaved) {
        if (clusters.isEmpty()) {
            throw new IllegalArgumentException("a simulated pool needs at least one cluster");
        }
        this.clusters = List.copyOf(clusters);
        long total = clusters.stream().mapToLong(Cluster::nodes).sum();
        if (total > 1 << 20) {
            throw new IllegalArgumentException("a simulated pool of " + total + " nodes is more than this simulator holds (2^20)");
        }
        clusterOf = new int[(int) total];
        placeOf = new int[(int) total];
        int[] placed = new int[clusters.size()];
        int c = 0;
        for (int n = 0; n < total; n++) {
            while (placed[c] == clusters.get(c).nodes()) {
                c = (c + 1) % clusters.size();
            }
            clusterOf[n] = c;
            placeOf[n] = placed[c]++;
            if (interleaved) {
                c = (c + 1) % clusters.size();
            }
        }
        if (clusters.stream().map(Cluster::name).distinct().count() != clusters.size()) {
            throw new IllegalArgumentException("two clusters have the same name: " + clusters);
        }
    }

    /**
     * The same clusters with the nodes dealt out in turn: node n in the cluster n mod the number of
     * clusters while each has room. Perarnau and Sato's 8RR allocation numbers MPI processes so
     * (i, i + 8, i + 16, ... on one machine), against 8G's consecutive numbers; what sits next in
     * number then sits in another cluster, which matters to a thief that asks by number.
     */
    public Topology interleaved() {
        return new Topology(clusters, true);
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
        return clusters.get(clusterOf[node]).name() + "-" + placeOf[node];
    }
}
