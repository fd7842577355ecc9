package satin.sim;

/** CRS passes the contract every balancer passes in the simulator. */
class CRSSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "CRS";
    }
}
