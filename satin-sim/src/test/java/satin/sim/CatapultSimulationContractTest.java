package satin.sim;

/** The EARTH balancer CATAPULT passes the contract every balancer passes in the simulator. */
class CatapultSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "CATAPULT";
    }
}
