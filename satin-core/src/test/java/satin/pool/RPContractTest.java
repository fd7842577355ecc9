package satin.pool;

/** RP passes the contract every balancer passes. */
class RPContractTest extends BalancerContract {
    @Override
    String balancer() {
        return "RP:threshold=2";
    }
}
