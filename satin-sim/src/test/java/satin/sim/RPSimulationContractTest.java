package satin.sim;

/** RP passes the contract every balancer passes in the simulator. */
class RPSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RP";
    }
}
