package satin.sim;

/** The EARTH balancer SND passes the contract every balancer passes in the simulator. */
class SndSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "SND";
    }
}
