package satin.lb;

/** RP: it never steals, and has at most its limit of pushed jobs in transit. */
class RandomPushingContractTest extends LoadBalancerContract {

    RandomPushingContractTest() {
        super(() -> new RandomPushing(0, 2, 1_000_000, VictimSelector.uniform()), new Limits(0, 0, 2));
    }
}
