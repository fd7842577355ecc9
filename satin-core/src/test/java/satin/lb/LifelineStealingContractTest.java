package satin.lb;

/**
 * LL: one random steal at a time. Nobody here sends it lifeline requests, so it must push nothing:
 * feeding requesters, and forgetting those that left, is {@link LifelineStealingTest}'s.
 */
class LifelineStealingContractTest extends LoadBalancerContract {

    LifelineStealingContractTest() {
        super(LifelineStealing::new, new Limits(1, 1, 0));
    }
}
