package satin.lb;

import java.util.List;

/** What a {@link LoadBalancer} may see and do: the members, the clock, randomness, and sending. */
public interface BalancerPort {

    int self();

    /** The ids of the other members, the ones that may be stolen from. */
    List<Integer> others();

    /** The cluster a member belongs to. */
    String clusterOf(int member);

    /** Sends a steal request to {@code victim}; the reply comes to {@link LoadBalancer#stealReplied}. */
    void requestSteal(int victim);

    long nanoTime();

    /** A uniformly random int in [0, bound). */
    int random(int bound);
}
