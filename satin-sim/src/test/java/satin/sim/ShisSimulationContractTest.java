package satin.sim;

/** The EARTH balancer SHIS passes the contract every balancer passes in the simulator. */
class ShisSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "SHIS";
    }
}
