package satin.lb;

import java.util.ArrayList;
import java.util.List;

/**
 * The lifeline graph of {@link LifelineStealing}: whom a node asks once random stealing failed.
 * Inside a cluster, ordered by id, member {@code i} of {@code n} has lifelines to members
 * {@code i + 1, i + 2, i + 4, ...} (mod {@code n}): a graph of out-degree log n whose +1 ring makes
 * it strongly connected, so work reaches every member in at most log n hops. Across clusters,
 * ordered by name, member {@code i} of cluster {@code c} has lifelines to member {@code i} (mod
 * their sizes) of clusters {@code c + 1, c + 2, c + 4, ...}: with clusters of equal size this is
 * GLB's hypercube over ids numbered cluster by cluster, and every member has a way across the wide
 * area of its own. (Only the lowest ids crossing, as a first version had it, left 3 of 4 clusters
 * waiting for work that came one job per wide-area round trip: 26.1 s against CRS's 11.3 s in the
 * simulator, 4 x 16 nodes, 100 ms / 100 KB/s.)
 */
final class Lifelines {

    private Lifelines() {
    }

    /** This node's lifelines: those in its cluster first, then those across the wide area. */
    static List<Integer> of(int self, Membership members) {
        List<Integer> out = new ArrayList<>();
        List<Integer> cluster = members.clusterWithSelf();
        int me = cluster.indexOf(self);
        for (int hop : hops(cluster.size())) {
            out.add(cluster.get((me + hop) % cluster.size()));
        }
        if (!members.remoteClusters().isEmpty()) {
            List<List<Integer>> clusters = new ArrayList<>(members.remoteClusters().values());
            // this node's cluster takes its place among the others by name: the ring is the same seen from each
            int position = position(members);
            for (int hop : hops(clusters.size() + 1)) {
                int c = (position + hop) % (clusters.size() + 1);
                List<Integer> there = clusters.get(c < position ? c : c - 1);
                out.add(there.get(me % there.size()));
            }
        }
        return List.copyOf(out);
    }

    /** Where this node's cluster stands among all clusters sorted by name. */
    private static int position(Membership members) {
        String mine = members.cluster();
        int p = 0;
        for (String n : members.remoteClusters().keySet()) {
            if (n.compareTo(mine) < 0) {
                p++;
            }
        }
        return p;
    }

    /** 1, 2, 4, ... below {@code size}. */
    private static List<Integer> hops(int size) {
        List<Integer> h = new ArrayList<>();
        for (int hop = 1; hop < size; hop *= 2) {
            h.add(hop);
        }
        return h;
    }
}
