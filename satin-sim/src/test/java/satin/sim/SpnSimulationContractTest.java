package satin.sim;

/** The EARTH balancer SPN passes the contract every balancer passes in the simulator. */
class SpnSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "SPN";
    }
}
