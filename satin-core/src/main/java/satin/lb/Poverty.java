package satin.lb;

/**
 * Whether a node is poor in the sense of the EARTH balancers (Kakulavarapu, Maquelin, Amaral and
 * Gao, section 3): nothing to run and nothing queued. A token reaching a poor node is taken by a
 * steal request to the node that offers it; while that request is out the node takes no other, and
 * a job it brings makes the node busy until it reports idle again.
 */
final class Poverty {

    private boolean idle;
    private boolean taking;

    /** A worker of this node had nothing to do. */
    void idle() {
        idle = true;
    }

    boolean poor(BalancerPort port) {
        return idle && !taking && port.queueLength() == 0;
    }

    /**
     * Whether a worker reported idle with jobs queued: they wait under a sync it is blocked in
     * (see {@link StillQueue}), and only another node can run them, however few they are.
     */
    boolean stuck(BalancerPort port) {
        return idle && port.queueLength() > 0;
    }

    /** Asks {@code offerer} for the job its token offers. */
    void take(BalancerPort port, int offerer) {
        taking = true;
        port.requestSteal(offerer);
    }

    boolean taking() {
        return taking;
    }

    /** The reply to the request {@link #take} sent. */
    void replied(boolean gotJob) {
        taking = false;
        if (gotJob) {
            idle = false;
        }
    }
}
