package satin.pool;

/** The EARTH balancer HIS passes the contract every balancer passes: the sequential answer on a pool. */
class HisContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "HIS";
    }
}
