package satin.lb;

/** Rand: one steal request out at a time; it pushes only to a member whose probe answered. */
class RandBalancingContractTest extends LoadBalancerContract {

    RandBalancingContractTest() {
        super(() -> new RandBalancing(), new Limits(1, 1, 0));
    }
}
