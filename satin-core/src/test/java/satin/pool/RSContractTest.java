package satin.pool;

/** RS passes the contract every balancer passes. */
class RSContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "RS";
    }
}
