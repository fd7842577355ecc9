package satin.pool;

/** The EARTH balancer SPN passes the contract every balancer passes: the sequential answer on a pool. */
class SpnContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "SPN";
    }
}
