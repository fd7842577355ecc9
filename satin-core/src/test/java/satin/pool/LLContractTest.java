package satin.pool;

/** LL passes the contract every balancer passes. */
class LLContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "LL";
    }
}
