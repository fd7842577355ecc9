package satin.lb;

/** Spn: one steal request out at a time, passed on along the ring. */
class SpnStealingContractTest extends LoadBalancerContract {

    SpnStealingContractTest() {
        super(() -> new SpnStealing(), new Limits(1, 1, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
