package satin.pool;

/** The EARTH balancer DUAL passes the contract every balancer passes: the sequential answer on a pool. */
class DualContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "DUAL";
    }
}
