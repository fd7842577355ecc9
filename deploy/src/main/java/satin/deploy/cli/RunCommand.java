package satin.deploy.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import satin.deploy.descriptor.Descriptors;
import satin.deploy.launch.Launcher;
import satin.deploy.launch.RunOutcome;
import satin.deploy.launch.RunWatcher;
import satin.deploy.plan.RunPlan;

/** {@code satin run DESCRIPTOR} or {@code satin run --app fib --args 40 --nodes 4 --clusters 2 --balancer CRS}. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs an application on a pool, from a descriptor or from options, and keeps its results.",
            "Examples:", "  satin run deploy/examples/local-4x16.yaml",
            "  satin run --app fib --args 40 --nodes 4 --clusters 2 --balancer CRS --wan 100ms/100KB/s"})
final class RunCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "DESCRIPTOR", description = "a YAML descriptor (deploy/examples/)")
    Path descriptor;

    @Mixin
    PlanOptions options;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "kill the run after this long: 90s, 30m (default: ${DEFAULT-VALUE})",
            defaultValue = "30m")
    String timeout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        satin.deploy.descriptor.Descriptor d = Plans.of(descriptor, options);
        RunPlan plan = d.plan();
        if (d.simulated()) { // mode: simulate
            Invocation invocation = Invocation.next(plan.outputDir());
            return Simulations.run(SimulateCommand.alone(invocation.rebase(plan)), d.simulation(), invocation, descriptor,
                    spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        // what the processes print is shown as it comes, main's output unprefixed on stdout; nothing is repeated at the end
        RunOutcome outcome = new Launcher(Durations.parse("--timeout", timeout))
                .watchedBy(RunWatcher.printing(out, err)).run(plan);
        Plans.keepDescriptor(descriptor, outcome.runDir());
        err.println("satin: the run's files are in " + outcome.runDir());
        if (outcome.timedOut()) {
            err.println("satin: the run did not finish within " + timeout + " and was stopped");
        }
        return outcome.exitCode();
    }
}
