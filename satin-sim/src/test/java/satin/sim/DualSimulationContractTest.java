package satin.sim;

/** The EARTH balancer DUAL passes the contract every balancer passes in the simulator. */
class DualSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "DUAL";
    }
}
