package satin.sim;

/** Random stealing with victims chosen by distance (Perarnau and Sato, victim selection) passes the contract too. */
class DistanceVictimsSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RS:victims=distance";
    }
}
