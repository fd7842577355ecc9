package satin.sim;

/** Random stealing with victims chosen by distance (seed 001) passes the contract too. */
class DistanceVictimsSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RS:victims=distance";
    }
}
