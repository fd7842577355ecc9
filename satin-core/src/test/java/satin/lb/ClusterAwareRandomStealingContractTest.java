package satin.lb;

/** CRS: one wide-area request and one local one at a time. */
class ClusterAwareRandomStealingContractTest extends LoadBalancerContract {

    ClusterAwareRandomStealingContractTest() {
        super(ClusterAwareRandomStealing::new, new Limits(2, 1, 0));
    }
}
