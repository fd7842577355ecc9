package satin.pool;

/** CLS passes the contract every balancer passes. */
class CLSContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "CLS";
    }
}
