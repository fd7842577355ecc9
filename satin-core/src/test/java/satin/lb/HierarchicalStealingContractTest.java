package satin.lb;

/** CHS: one request at a time, wide-area ones from a cluster's root only. */
class HierarchicalStealingContractTest extends LoadBalancerContract {

    HierarchicalStealingContractTest() {
        super(HierarchicalStealing::new, new Limits(1, 1, 0));
    }
}
