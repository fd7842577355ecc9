package satin.deploy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import satin.deploy.descriptor.Comparison;
import satin.deploy.descriptor.Descriptor;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SimulationPlan;

/**
 * {@code satin simulate}: a descriptor's run, or its comparison matrix, or a matrix given by
 * options, in the simulator instead of on a pool: the real balancers on a virtual clock, so that
 * clusters may have thousands of nodes. The same files and report as {@code satin compare}.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Simulates a run or a matrix of runs: the real balancers on a virtual clock, thousands of nodes.",
            "Writes every run's files and the report of satin compare (results.csv, results.md, charts).",
            "The synthetic tree, UTS and recorded trees (--app replay --args FILE [SCALE]) have models; inside clusters the network is --lan.", "Examples:",
            "  satin simulate deploy/examples/simulate-32x256.yaml",
            "  satin simulate --app synthetic --args 4 7 40000 --nodes 64 --clusters 4 \\",
            "      --balancers 'RS;CRS' --wans 'single-cluster;100ms/100KB/s' --lan emulated"})
final class SimulateCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "DESCRIPTOR", description = "a YAML descriptor (its simulate: section, and compare: if any)")
    Path descriptor;

    @Mixin
    PlanOptions options;

    @Option(names = "--balancers", paramLabel = "B;B", split = ";", description = "a matrix: the balancers, separated by ;")
    List<String> balancers = new ArrayList<>();

    @Option(names = "--wans", paramLabel = "W;W", split = ";", description = "a matrix: WAN settings, separated by ; (single-cluster for one)")
    List<String> wans = new ArrayList<>();

    @Option(names = "--repetitions", paramLabel = "R", description = "runs per cell, each with the next seed (default: 1)")
    Integer repetitions;

    @Mixin
    SimulationOptions simulation;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Descriptor d = Plans.of(descriptor, options);
        SimulationPlan sim = simulation.over(d.simulation());
        Invocation invocation = Invocation.next(d.plan().outputDir());
        return Simulations.run(cells(d, invocation.rebase(d.plan())), sim, invocation, descriptor,
                spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** The matrix of the options; else the descriptor's compare: section; else the run alone. */
    private List<Comparison.Cell> cells(Descriptor d, RunPlan p) {
        if (!balancers.isEmpty() || !wans.isEmpty() || repetitions != null) {
            if (repetitions != null) {
                PlanOptions.atLeastOne("--repetitions", repetitions);
            }
            return new Comparison(List.of(p.app()), balancers.isEmpty() ? List.of(p.balancer()) : balancers,
                    wans.isEmpty() ? List.of(p.wan()) : wans, repetitions == null ? 1 : repetitions).cells(p);
        }
        return d.comparison().map(c -> c.cells(p)).orElseGet(() -> alone(p));
    }

    /** A run that is no cell of a matrix: its files go where the plan says, as those of satin run. */
    static List<Comparison.Cell> alone(RunPlan p) {
        return List.of(new Comparison.Cell(0, p.app(), p.balancer(), p.wan(), 1, p));
    }
}
