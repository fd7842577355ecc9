package satin.sim;

/** The EARTH balancer MINIMA passes the contract every balancer passes in the simulator. */
class MinimaSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "MINIMA";
    }
}
