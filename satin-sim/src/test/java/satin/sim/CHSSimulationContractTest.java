package satin.sim;

/** CHS passes the contract every balancer passes in the simulator. */
class CHSSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "CHS";
    }
}
