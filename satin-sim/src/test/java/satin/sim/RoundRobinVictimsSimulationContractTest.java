package satin.sim;

/** Random stealing with victims asked in round-robin order (Perarnau and Sato's reference) passes the contract too. */
class RoundRobinVictimsSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "RS:victims=round-robin";
    }
}
