package satin.sim;

/** RS passes the contract every balancer passes in the simulator. */
class RSSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RS";
    }
}
