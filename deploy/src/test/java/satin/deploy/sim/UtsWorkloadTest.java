package satin.deploy.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import satin.apps.uts.TreeNodes;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Simulation;
import satin.sim.Topology;

/** The simulator's model of UTS on one node: the tree the application generates, each node at its modelled cost. */
class UtsWorkloadTest {

    static SimResult run(SimConfig c) {
        return new Simulation(c).run(null, Long.MAX_VALUE);
    }

    @Test
    void oneNodeOfUtsTakesTheCostOfEveryTreeNode() {
        List<String> args = List.of("-t", "1", "-a", "3", "-d", "6", "-b", "4", "-r", "19", "-g", "3");
        long size = TreeSize.of(new TreeNodes(args.toArray(new String[0])));
        SimResult r = run(SimConfig.of(Topology.grid(1, 1), new UtsWorkload(args, -1), "CRS", "none"));
        assertEquals(size, r.jobs());
        // every node's bookkeeping, and three digests for every node but the root (each is a child once)
        assertEquals(size * UtsWorkload.NODE_NANOS + (size - 1) * 3 * UtsWorkload.HASH_NANOS, r.runNanos());
    }

    @Test
    void utsT1IsTheTreeOfItsPublishedSize() {
        SimResult r = run(SimConfig.of(Topology.grid(1, 1), new UtsWorkload(List.of("T1"), 100), "RS", "none"));
        assertEquals(4_130_071L, r.jobs());
        assertEquals(4_130_071L * 100, r.runNanos());
    }
}
