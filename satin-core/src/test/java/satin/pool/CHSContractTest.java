package satin.pool;

/** CHS passes the contract every balancer passes. */
class CHSContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "CHS";
    }
}
