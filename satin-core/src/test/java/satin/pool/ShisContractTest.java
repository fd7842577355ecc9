package satin.pool;

/** The EARTH balancer SHIS passes the contract every balancer passes: the sequential answer on a pool. */
class ShisContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "SHIS";
    }
}
