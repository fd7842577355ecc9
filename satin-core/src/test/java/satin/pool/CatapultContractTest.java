package satin.pool;

/** The EARTH balancer CATAPULT passes the contract every balancer passes: the sequential answer on a pool. */
class CatapultContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "CATAPULT";
    }
}
