package satin.sim;

/** CLS passes the contract every balancer passes in the simulator. */
class CLSSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "CLS";
    }
}
