package satin.sim;

/** LL passes the contract every balancer passes in the simulator. */
class LLSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "LL";
    }
}
