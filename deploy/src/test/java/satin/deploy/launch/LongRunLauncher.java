package satin.deploy.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import satin.deploy.plan.AppPlan;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.ClusterPlan.Placement;
import satin.deploy.plan.RunPlan;

/**
 * A launcher JVM for the tests of what happens when the launcher itself is stopped: it starts a
 * run far longer than any test in two local processes, says so with their process ids, and waits.
 */
public final class LongRunLauncher {

    private static final long ARMED_MILLIS = 4000;

    private LongRunLauncher() {
    }

    /** Arguments: the pool's name and the output directory. */
    public static void main(String[] args) throws Exception {
        ClusterPlan east = new ClusterPlan("east", 1, 1, Placement.PROCESSES, List.of(), List.of());
        ClusterPlan west = new ClusterPlan("west", 1, 1, Placement.PROCESSES, List.of(), List.of());
        RunPlan plan = new RunPlan(args[0], "long-run", List.of(east, west), "none", new AppPlan("fib-threshold",
                "satin.apps.fib.FibThreshold", List.of("60", "20")), "RS", Path.of(args[1]), "LongRunLauncher");
        LaunchedRun run = new Launcher(Duration.ofMinutes(10)).start(plan);
        while (run.pids().size() < 2) {
            Thread.sleep(20);
        }
        // A child arms --exit-with-parent once its PoolMain has read its options; a parent killed
        // before that is not noticed (the child is then init's), so the tests stop this JVM after.
        Thread.sleep(ARMED_MILLIS);
        System.out.println("started " + run.pids());
        System.out.flush();
        run.await();
    }
}
