package satin.lb;

/** No balancing: it sends nothing, whoever comes and goes. */
class NoBalancingContractTest extends LoadBalancerContract {

    NoBalancingContractTest() {
        super(NoBalancing::new, new Limits(0, 0, 0));
    }
}
