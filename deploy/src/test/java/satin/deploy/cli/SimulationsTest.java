package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SimulationPlan;
import satin.deploy.sim.Workloads;
import satin.deque.Offered;
import satin.lb.StealChunk;

/** How many jobs a simulated worker offers: the runtime's default, what the user gave, or what a chunk needs. */
class SimulationsTest {

    private static RunPlan plan(String balancer) {
        return new RunPlan("sim", "s", List.of(new ClusterPlan("grid-0", 4, 1, ClusterPlan.Placement.IN_JVM, List.of(),
                List.of())), "none", new AppPlan("synthetic", Workloads.SYNTHETIC, List.of("2", "3", "100")), balancer,
                Path.of("unused"), "SimulationsTest");
    }

    private static SimulationPlan offering(int offered) {
        SimulationPlan d = SimulationPlan.DEFAULTS;
        return new SimulationPlan(d.lan(), d.seed(), d.nodeCostNanos(), offered, d.maxSimulatedNanos());
    }

    @Test
    void byDefaultAWorkerOffersWhatTheRuntimeOffers() {
        assertEquals(Offered.fromProperties(new Properties()),
                Simulations.config(plan("CRS"), SimulationPlan.DEFAULTS, 1).offered());
    }

    @Test
    void theNumberGivenIsKeptEvenBelowTheDefault() {
        assertEquals(1, Simulations.config(plan("CRS"), offering(1), 1).offered(), "--offered 1 gives the old behaviour");
        assertEquals(7, Simulations.config(plan("RS"), offering(7), 1).offered());
    }

    @Test
    void aChunkTakesFromWhatIsOfferedSoItGetsEnough() {
        assertEquals(StealChunk.MAX_JOBS, Simulations.config(plan("CRS:chunk=half"), offering(1), 1).offered());
    }
}
