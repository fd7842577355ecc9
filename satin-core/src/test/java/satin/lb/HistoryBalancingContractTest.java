package satin.lb;

/** His: one steal request out at a time, and at most its limit of pushed jobs in transit. */
class HistoryBalancingContractTest extends LoadBalancerContract {

    HistoryBalancingContractTest() {
        super(() -> new HistoryBalancing(0, 2, 1_000_000), new Limits(1, 1, 2));
    }
}
