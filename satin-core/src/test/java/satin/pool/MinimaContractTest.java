package satin.pool;

/** The EARTH balancer MINIMA passes the contract every balancer passes: the sequential answer on a pool. */
class MinimaContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "MINIMA";
    }
}
