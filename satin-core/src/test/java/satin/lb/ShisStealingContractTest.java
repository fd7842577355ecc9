package satin.lb;

/** Shis: one steal request out at a time, to the member it remembers or its neighbour. */
class ShisStealingContractTest extends LoadBalancerContract {

    ShisStealingContractTest() {
        super(() -> new ShisStealing(), new Limits(1, 1, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
