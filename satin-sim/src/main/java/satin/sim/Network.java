package satin.sim;

import java.util.SplittableRandom;
import satin.net.WanLinks;

/**
 * Where every message of a simulation goes and when it arrives. Inside a cluster a message takes
 * its sender's link ({@link Interconnect}); between clusters it takes the link of the ordered pair
 * of clusters, shared by every node of the sending cluster as the WAN emulator shares it, with the
 * latency, bandwidth and jitter the run's WAN links give that pair; clusters the WAN links leave
 * unemulated talk as if they were one cluster, though their messages still count as wide-area
 * (as the real nodes count them).
 */
final class Network {

    private final Topology topology;
    private final Interconnect lan;
    private final Link[] senders;
    /** Per ordered pair of clusters (from * clusters + to), null inside a cluster or where not emulated. */
    private final Link[] wide;
    private final long[] wanLatency;

    Network(Topology topology, WanLinks wan, Interconnect lan, SplittableRandom random) {
        this.topology = topology;
        this.lan = lan;
        this.senders = new Link[topology.nodes()];
        for (int n = 0; n < senders.length; n++) {
            senders[n] = new Link(lan.latencyNanos(), lan.bytesPerSecond(), lan.jitterNanos(), random.split());
        }
        int c = topology.clusters();
        this.wide = new Link[c * c];
        this.wanLatency = new long[c * c];
        for (int from = 0; from < c; from++) {
            for (int to = 0; to < c; to++) {
                WanLinks.Spec s = wan.spec(topology.clusterName(from), topology.clusterName(to));
                if (s != null) {
                    wide[from * c + to] = new Link(s.latencyNanos(), s.bytesPerSecond(), s.jitterNanos(), random.split());
                    wanLatency[from * c + to] = s.latencyNanos();
                }
            }
        }
    }

    /** When a message of {@code bytes} (its whole frame) sent at {@code now} from one node reaches the other. */
    long arrival(int from, int to, int bytes, long now) {
        Link w = wideLink(from, to);
        if (w == null) {
            return senders[from].arrival(now, bytes);
        }
        return w.arrival(now, bytes) + lan.wanExtraNanos();
    }

    /** Whether a message between the two crosses clusters (and counts as wide-area). */
    boolean wideArea(int from, int to) {
        return topology.clusterOf(from) != topology.clusterOf(to);
    }

    /** The configured one-way wide-area latency between the nodes' clusters, 0 inside a cluster: what a real node's port tells its balancer. */
    long latencyNanos(int from, int to) {
        return wanLatency[topology.clusterOf(from) * topology.clusters() + topology.clusterOf(to)];
    }

    private Link wideLink(int from, int to) {
        return wide[topology.clusterOf(from) * topology.clusters() + topology.clusterOf(to)];
    }
}
