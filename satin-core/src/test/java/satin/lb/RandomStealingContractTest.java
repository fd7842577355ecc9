package satin.lb;

/** RS: one request at a time, to anyone. */
class RandomStealingContractTest extends LoadBalancerContract {

    RandomStealingContractTest() {
        super(RandomStealing::new, new Limits(1, 1, 0));
    }
}
