package satin.lb;

/** Dual: its requests are notes; it never steals, and pushes only for a request that reached it. */
class DualBalancingContractTest extends LoadBalancerContract {

    DualBalancingContractTest() {
        super(() -> new DualBalancing(), new Limits(0, 0, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
