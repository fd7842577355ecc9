package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Nodes numbered cluster by cluster, or dealt out in turn as Perarnau and Sato's 8RR allocation
 * numbers processes; under round-robin victims the numbering decides which steals cross.
 */
class TopologyTest {

    private static final List<Topology.Cluster> UNEVEN = List.of(new Topology.Cluster("a", 2, 1),
            new Topology.Cluster("b", 3, 2), new Topology.Cluster("c", 1, 1));

    private static List<String> names(Topology t) {
        return IntStream.range(0, t.nodes()).mapToObj(t::nodeName).toList();
    }

    @Test
    void nodesAreNumberedClusterByCluster() {
        Topology t = new Topology(UNEVEN);
        assertEquals(List.of("a-0", "a-1", "b-0", "b-1", "b-2", "c-0"), names(t));
        assertEquals(2, t.workersOf(3));
    }

    @Test
    void interleavedNodesAreDealtOutInTurnWhileEachClusterHasRoom() {
        Topology t = new Topology(UNEVEN).interleaved();
        assertEquals(List.of("a-0", "b-0", "c-0", "a-1", "b-1", "b-2"), names(t));
        assertEquals(List.of(0, 1, 2, 0, 1, 1), IntStream.range(0, t.nodes()).map(t::clusterOf).boxed().toList());
        assertEquals(2, t.workersOf(1), "a node keeps its cluster's workers");
        assertEquals(new Topology(UNEVEN).workers(), t.workers());
    }

    @Test
    void theSimulatedNetworkCarriesMessagesBetweenNumbersByTheClustersTheyWereDealtTo() {
        RegularTree w = SimulationTest.synthetic(4, 5, 1000);
        Network grouped = new Simulation(SimConfig.of(Topology.grid(2, 4), w, "RS", "3ms/10MB/s")).network();
        Network dealt = new Simulation(SimConfig.of(Topology.grid(2, 4).interleaved(), w, "RS", "3ms/10MB/s")).network();
        assertEquals(List.of(false, false, false, true), IntStream.of(1, 2, 3, 4).mapToObj(n -> grouped.wideArea(0, n)).toList());
        assertEquals(List.of(true, false, true, false), IntStream.of(1, 2, 3, 4).mapToObj(n -> dealt.wideArea(0, n)).toList());
        assertEquals(3_000_000, dealt.latencyNanos(0, 1));
    }

    @Test
    void roundRobinVictimsRunTheWholeTreeOnDealtOutNodes() {
        RegularTree w = SimulationTest.synthetic(4, 6, 1000);
        SimResult r = SimulationTest.run(SimConfig.of(Topology.grid(2, 8).interleaved(), w, "RS:victims=round-robin",
                "1ms/10MB/s").withSeed(3));
        assertEquals(w.size(), r.jobs(), "every job ran once");
        assertEquals(r.total("jobsGiven"), r.total("resultsReceived"), "every job given came back");
        assertTrue(r.total("wanStealRequests") > 0 && r.total("lanStealRequests") > 0, "steals inside and across clusters");
    }
}
