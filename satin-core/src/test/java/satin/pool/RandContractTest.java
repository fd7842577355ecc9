package satin.pool;

/** The EARTH balancer RAND passes the contract every balancer passes: the sequential answer on a pool. */
class RandContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "RAND";
    }
}
