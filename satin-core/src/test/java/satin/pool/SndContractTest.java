package satin.pool;

/** The EARTH balancer SND passes the contract every balancer passes: the sequential answer on a pool. */
class SndContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "SND";
    }
}
