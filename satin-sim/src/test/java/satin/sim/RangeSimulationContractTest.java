package satin.sim;

/** The EARTH balancer RANGE passes the contract every balancer passes in the simulator. */
class RangeSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RANGE";
    }
}
