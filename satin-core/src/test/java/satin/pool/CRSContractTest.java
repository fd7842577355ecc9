package satin.pool;

/** CRS passes the contract every balancer passes. */
class CRSContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "CRS";
    }
}
