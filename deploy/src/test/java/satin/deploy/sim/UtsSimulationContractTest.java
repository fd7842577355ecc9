package satin.deploy.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.apps.uts.TreeNodes;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Topology;

/**
 * The contract every balancer passes in the simulator (satin-sim's SimulatedBalancerContract), on
 * UTS over four clusters: the run finishes, every node of the tree runs exactly once, and every
 * job that left its node came back. Here, because UTS is an application, which the simulator does
 * not know; for every balancer the simulator's contract tests name, and each stealing one with
 * steal-half, whose victims must then have given chunks.
 */
class UtsSimulationContractTest {

    private static final List<String> UTS = List.of("-t", "1", "-a", "3", "-d", "7", "-b", "4", "-r", "19");

    private static SimResult check(String balancer) {
        long jobs = TreeSize.of(new TreeNodes(UTS.toArray(new String[0])));
        SimResult r = UtsWorkloadTest.run(SimConfig.of(Topology.grid(4, 4), new UtsWorkload(UTS, 2_000), balancer,
                "1ms/1MB/s").withSeed(7));
        assertTrue(r.finished(), balancer + " did not finish: " + r.summary());
        assertEquals(jobs, r.jobs(), "jobs run");
        assertEquals(r.total("jobsGiven") + r.total("jobsPushed"), r.total("resultsReceived"),
                "every job given or pushed comes back once");
        assertEquals(r.total("resultsSent"), r.total("resultsReceived"), "results sent and received");
        assertEquals(jobs - 1, r.total("spawns"), "every job but the root is spawned once");
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS", "CRS", "CHS", "CLS", "LL", "RP", "RS:victims=distance", "RS:victims=round-robin", "DUAL", "SPN", "SHIS", "SND",
        "HIS", "RANGE", "CATAPULT", "RAND", "MINIMA"})
    void utsOnFourClusters(String balancer) {
        check(balancer);
    }

    @ParameterizedTest
    @ValueSource(strings = {"RS", "CRS", "CHS", "CLS", "LL"})
    void utsOnFourClustersWithStealHalf(String name) {
        String balancer = name + ":chunk=half";
        SimResult r = check(balancer);
        assertTrue(r.total("chunkJobsGiven") > 0, balancer + " gave no job beyond a request's first");
        assertTrue(r.total("chunkJobsGiven") < r.total("jobsGiven"));
        assertTrue(r.balancerSettings().endsWith("chunk=half"), r.balancerSettings());
    }
}
