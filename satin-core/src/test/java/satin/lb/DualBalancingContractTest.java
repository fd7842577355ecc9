package satin.lb;

/**
 * Dual: its requests and tokens are notes; it steals only to take a token that came back for its
 * request, which this contract never sends (DualBalancingTest does), so nothing of it may be out.
 */
class DualBalancingContractTest extends LoadBalancerContract {

    DualBalancingContractTest() {
        super(() -> new DualBalancing(), new Limits(0, 0, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
