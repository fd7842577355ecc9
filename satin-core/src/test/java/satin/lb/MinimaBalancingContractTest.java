package satin.lb;

/** Minima: it never steals, and pushes one job to each member once, then only from a queue that stands still. */
class MinimaBalancingContractTest extends LoadBalancerContract {

    MinimaBalancingContractTest() {
        super(() -> new MinimaBalancing(1_000_000), new Limits(0, 0, 7));
    }
}
