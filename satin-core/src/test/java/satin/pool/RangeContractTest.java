package satin.pool;

/** The EARTH balancer RANGE passes the contract every balancer passes: the sequential answer on a pool. */
class RangeContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "RANGE";
    }
}
