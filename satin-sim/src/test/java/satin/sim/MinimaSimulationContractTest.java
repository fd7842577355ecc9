package satin.sim;

/** The EARTH balancer MINIMA passes the contract every balancer passes in the simulator. */
class MinimaSimulationContractTest extends SimulatedBalancerContract {
    @Override
    String balancer() {
        return "MINIMA";
    }

    /** A static distribution, one job to each node and no more (7.9 on this tree): a floor, not a balance. */
    @Override
    double speedupOn32Nodes() {
        return 4;
    }
}
