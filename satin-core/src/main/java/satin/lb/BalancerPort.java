package satin.lb;

import java.util.List;

/**
 * What a {@link LoadBalancer} may see and do: the members and their clusters, this node's load,
 * the clock, randomness, and the messages it may send. Replies come back through the balancer's
 * methods.
 */
public interface BalancerPort {

    int self();

    /** The ids of the other members, in ascending order. */
    List<Integer> others();

    /** The cluster a member belongs to (this node's too). */
    String clusterOf(int member);

    /** The emulated one-way latency to a member, in nanoseconds: 0 inside the cluster. */
    long latencyNanos(int member);

    /**
     * How far a member is, one way, in nanoseconds: half the round trip this node measured to it,
     * or, until it measured one, {@link #latencyNanos}. On a real wide area the configured latency
     * is 0 everywhere (nothing is emulated); the measured one is not.
     */
    default long distanceNanos(int member) {
        return latencyNanos(member);
    }

    /** Jobs waiting on this node, in its deques and its queue of arrived jobs. */
    int queueLength();

    /**
     * Sends a steal request to {@code victim}; the reply comes to {@link LoadBalancer#stealReplied},
     * once, and without a job if the victim left or could not be reached (before or after
     * {@link LoadBalancer#membersChanged} says so, and perhaps before this returns).
     */
    void requestSteal(int victim);

    /**
     * Sends a steal request to {@code victim} on behalf of this node's cluster, ahead of need
     * (a prefetch, as CLS's coordinator does); counted apart, answered like any steal request.
     */
    void prefetch(int victim);

    /**
     * Sends the oldest job spawned on this node (not one that came from elsewhere: that runs here),
     * unasked, to {@code target}; false if there was none to send. When the target has it, or never will (the target left), {@link LoadBalancer#pushDelivered}
     * is told; when its result comes back, or the job runs here again, {@link LoadBalancer#jobCameBack}.
     */
    boolean pushJob(int target);

    /** Sends a note to {@code member}'s balancer ({@link LoadBalancer#noted}). */
    void note(int member, int kind, long value);

    long nanoTime();

    /** A uniformly random int in [0, bound). */
    int random(int bound);

    /** The ids of the other members in {@code cluster}, or, if null, in this node's cluster. */
    default List<Integer> inCluster(String cluster) {
        String c = cluster == null ? clusterOf(self()) : cluster;
        return others().stream().filter(m -> clusterOf(m).equals(c)).toList();
    }

    /** The ids of the other members outside this node's cluster. */
    default List<Integer> outsideCluster() {
        String mine = clusterOf(self());
        return others().stream().filter(m -> !clusterOf(m).equals(mine)).toList();
    }
}
