package satin.lb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
        return of(self, members.cluster(), clusters(members));
    }

    /**
     * Whether {@code thief}, seeing the pool as this node does, has this node among its lifelines:
     * a request it sent while it saw fewer members may name a node that is not its lifeline any
     * more, and it has asked its lifelines again since.
     */
    static boolean isLifelineOf(int thief, String itsCluster, int self, Membership members) {
        Map<String, List<Integer>> all = clusters(members);
        return all.getOrDefault(itsCluster, List.of()).contains(thief) && of(thief, itsCluster, all).contains(self);
    }

    /** Every cluster by name, each with its members in ascending order, this node's included. */
    private static Map<String, List<Integer>> clusters(Membership members) {
        Map<String, List<Integer>> all = new TreeMap<>(members.remoteClusters());
        all.put(members.cluster(), members.clusterWithSelf());
        return all;
    }

    private static List<Integer> of(int self, String cluster, Map<String, List<Integer>> all) {
        List<Integer> out = new ArrayList<>();
        List<Integer> mine = all.get(cluster);
        int me = mine.indexOf(self);
        for (int hop : hops(mine.size())) {
            out.add(mine.get((me + hop) % mine.size()));
        }
        // the clusters by name form one ring, the same seen from each
        List<String> names = new ArrayList<>(all.keySet());
        int position = names.indexOf(cluster);
        for (int hop : hops(names.size())) {
            List<Integer> there = all.get(names.get((position + hop) % names.size()));
            out.add(there.get(me % there.size()));
        }
        return List.copyOf(out);
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
