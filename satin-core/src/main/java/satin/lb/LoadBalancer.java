package satin.lb;

import java.util.Map;

/**
 * How a node finds work on other nodes, or sends work to them. One class per algorithm of van Nieuwpoort, Kielmann and Bal (PPoPP 2001)
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

    /**
     * A steal request from {@code thief} found no job here: the member to pass it on to, which then
     * answers it from its own queue or passes it on in turn, or -1 to answer "no job". Asked again,
     * with {@code tried} one higher, each time the member it was passed to had nothing; the thief
     * is answered once, with the first job found on the way. Most balancers answer at once.
     */
    default int passOn(int thief, int tried) {
        return -1;
    }

    /** Whether {@link #passOn} may name anyone; if not, a node answers requests it has no job for at once. */
    default boolean passesRequestsOn() {
        return false;
    }

    /**
     * Whether a request that another member passed on to this node, for its thief, may be passed on
     * again from here: CHS climbs its tree so; a walk from the member first asked (the EARTH ring
     * balancers) must not start a walk of its own at each member it asks, or one request becomes
     * a walk per member on the way.
     */
    default boolean passesOnPassedRequests() {
        return true;
    }

    /**
     * Asked right after {@link #stealReplied} with no job: whether the balancer wants to be asked
     * again at once ({@link #idle}), waking an idle worker parked in its back-off. A balancer whose
     * search is a chain of synchronous steps (CHS's walk) is then paced by its replies rather than
     * by the idle loop's parks, until the chain ends; the back-off between chains spares the
     * machine's cores while the pool is idle (decision 0006).
     */
    default boolean asksAgainAtOnce() {
        return false;
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

    /** How many jobs this node gives for one steal request from another node. */
    default StealChunk stealChunk() {
        return StealChunk.ONE;
    }

    /** The tunables this balancer runs with, by name, for every run's report. */
    default Map<String, String> settings() {
        return Map.of();
    }
}
