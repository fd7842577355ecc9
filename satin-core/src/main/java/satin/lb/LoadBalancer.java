package satin.lb;

import java.util.Map;

/**
 * How a node finds work on other nodes, or sends work to them. One class per algorithm of seed 004
 * section 3. A balancer is told what happens (the node went idle, a reply to its steal request
 * came, a job it gave away came back, another node's balancer sent a note, time passed, the
 * membership changed) and acts through its {@link BalancerPort}; it knows neither threads nor the
 * network, so that it can run in a simulator with a virtual clock as well as in a node. The node
 * calls it from one thread at a time.
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

    /**
     * A job this node gave away is done with: its result came back, or its taker vanished and it
     * runs here again. {@code pushed} if this node had pushed it rather than had it stolen.
     */
    default void jobCameBack(boolean pushed) {
    }

    /**
     * A job this node pushed ({@link BalancerPort#pushJob}) is no longer in transit: its target
     * has it, or the link to the target broke on the way (the job then runs here again).
     */
    default void pushDelivered(int target) {
    }

    /** Another node's balancer sent a note ({@link BalancerPort#note}). */
    default void noted(int from, int kind, long value) {
    }

    /** Called every {@link #tickNanos()} while the node runs, if that is above zero. */
    default void tick() {
    }

    /** How often {@link #tick()} is wanted; 0 for never. */
    default long tickNanos() {
        return 0;
    }

    /** A member joined or left the pool. */
    default void membersChanged() {
    }

    /** The name by which configurations and reports know the algorithm. */
    String name();

    /** The tunables this balancer runs with, by name, for every run's report. */
    default Map<String, String> settings() {
        return Map.of();
    }
}
