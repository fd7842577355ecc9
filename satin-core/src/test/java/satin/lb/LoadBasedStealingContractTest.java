package satin.lb;

/** CLS with its defaults: one local request at a time, and the coordinator's prefetches. */
class LoadBasedStealingContractTest extends LoadBalancerContract {

    LoadBasedStealingContractTest() {
        super(LoadBasedStealing::new, new Limits(1 + LoadBasedStealing.DEFAULT_PREFETCHES, LoadBasedStealing.DEFAULT_PREFETCHES, 0));
    }
}
