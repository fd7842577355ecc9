package satin.lb;

/**
 * How a node finds work on other nodes. One class per algorithm of seed 004 section 3. A balancer
 * is told what happens (the node went idle, a reply to its steal request came, the membership
 * changed) and acts through its {@link BalancerPort}; it knows neither threads nor the network, so
 * that it can run in a simulator with a virtual clock as well as in a node. The node calls it from
 * one thread at a time.
 */
public interface LoadBalancer {

    /** Called once, before anything else. */
    void attach(BalancerPort port);

    /**
     * A worker of this node has nothing to do: nothing local to run or steal. Called again and
     * again while that lasts, so it must be cheap when there is nothing new to do.
     */
    void idle();

    /** The reply to a steal request this balancer sent came back; {@code gotJob} if it carried a job. */
    void stealReplied(int victim, boolean gotJob);

    /** A member joined or left the pool. */
    default void membersChanged() {
    }

    /** The name by which configurations and reports know the algorithm. */
    String name();
}
