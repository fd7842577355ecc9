package satin.lb;

/** Catapult: one steal request out at a time; it pushes only into a range a request told it of. */
class CatapultBalancingContractTest extends LoadBalancerContract {

    CatapultBalancingContractTest() {
        super(() -> new CatapultBalancing(), new Limits(1, 1, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
