package satin.sim;

/** The EARTH balancer HIS passes the contract every balancer passes in the simulator. */
class HisSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "HIS";
    }
}
