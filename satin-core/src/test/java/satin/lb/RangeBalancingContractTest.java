package satin.lb;

/** Range: one steal request out at a time; it pushes only into a range a request told it of. */
class RangeBalancingContractTest extends LoadBalancerContract {

    RangeBalancingContractTest() {
        super(() -> new RangeBalancing(), new Limits(1, 1, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
