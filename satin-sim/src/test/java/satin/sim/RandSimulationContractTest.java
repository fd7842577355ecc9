package satin.sim;

/** The EARTH balancer RAND passes the contract every balancer passes in the simulator. */
class RandSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RAND";
    }
}
