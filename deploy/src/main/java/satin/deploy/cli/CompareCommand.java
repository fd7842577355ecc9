package satin.deploy.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import satin.deploy.descriptor.Comparison;
import satin.deploy.descriptor.Descriptor;
import satin.deploy.launch.Launcher;
import satin.deploy.launch.ProgramClassPath;
import satin.deploy.launch.RunOutcome;
import satin.deploy.report.Reports;

/**
 * {@code satin compare}: every cell of a matrix of applications x balancers x WAN settings x
 * repetitions, one run after another with a progress bar, then the report of them all.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Runs every cell of a matrix of balancers x WAN settings (x applications x repetitions).",
            "Then writes results.csv, results.md and the charts, and prints the table.", "Examples:",
            "  satin compare deploy/examples/compare-rs-crs.yaml",
            "  satin compare --app nqueens --args small --nodes 16 --clusters 4 \\",
            "      --balancers 'RS;CRS' --wans 'single-cluster;100ms/100KB/s' --repetitions 3"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "DESCRIPTOR", description = "a YAML descriptor with a compare: section")
    Path descriptor;

    @Mixin
    PlanOptions options;

    @Option(names = "--balancers", paramLabel = "B;B", split = ";", description = "the balancers, separated by ; (default: RS;CRS)")
    List<String> balancers = new ArrayList<>(List.of("RS", "CRS"));

    @Option(names = "--wans", paramLabel = "W;W", split = ";",
            description = "WAN settings, separated by ;, single-cluster for all nodes in one (default: single-cluster;100ms/100KB/s)")
    List<String> wans = new ArrayList<>(List.of(Comparison.SINGLE_CLUSTER, "100ms/100KB/s"));

    @Option(names = "--repetitions", paramLabel = "R", defaultValue = "3",
            description = "runs per cell, summarised as median and [min-max] (default: ${DEFAULT-VALUE})")
    int repetitions;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30m",
            description = "kill a run after this long (default: ${DEFAULT-VALUE})")
    String timeout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Descriptor d = Plans.of(descriptor, options);
        Comparison m = matrix(d);
        Invocation invocation = Invocation.next(d.plan().outputDir());
        List<Comparison.Cell> cells = m.cells(invocation.rebase(d.plan()));
        if (d.simulated()) { // mode: simulate
            return Simulations.run(cells, d.simulation(), invocation, descriptor, spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
        return run(cells, Durations.parse("--timeout", timeout), invocation, descriptor, spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }

    /** The matrix, every balancer, WAN setting and application's arguments of it checked: nothing has run yet. */
    Comparison matrix(Descriptor d) {
        if (descriptor == null) {
            PlanOptions.atLeastOne("--repetitions", repetitions);
        }
        Comparison c = descriptor != null
                ? d.comparison().orElseThrow(() -> new IllegalArgumentException(descriptor + " has no compare: section"))
                : new Comparison(List.of(d.plan().app()), balancers, wans, repetitions);
        c.apps().forEach(app -> { // every program is checked before any directory is made or any run starts
            if (!d.simulated()) { // a simulation models the program rather than runs it
                ProgramClassPath.requireMain(app, d.plan().origin());
            }
            ProgramClassPath.checkArguments(app, d.plan().origin());
        });
        return c;
    }

    /**
     * The sequential program's time per application, for the speedups; not for workloads
     * ({@code Apps.isWorkload}), nor where the sequential classes are not at hand.
     */
    private static java.util.Map<satin.deploy.plan.AppPlan, SequentialTimer.Sequential> sequentialTimes(
            List<Comparison.Cell> cells, java.time.Duration timeout, PrintWriter err) throws Exception {
        java.util.Map<satin.deploy.plan.AppPlan, SequentialTimer.Sequential> times = new java.util.LinkedHashMap<>();
        SequentialTimer timer = SequentialTimer.ofThisInstallation(timeout);
        for (Comparison.Cell cell : cells) {
            satin.deploy.plan.AppPlan app = cell.app();
            if (times.containsKey(app) || satin.apps.Apps.isWorkload(app.mainClass())) {
                continue;
            }
            if (!app.classPath().isEmpty()) { // its classes may be rewritten already: no sequential program at hand
                err.println("satin: " + app.name() + " brings its own classes: no speedup over its sequential program");
                times.put(app, SequentialTimer.Sequential.NONE);
                continue;
            }
            if (timer == null) {
                err.println("satin: no sequential classes (-Dsatin.sequentialClasses): no speedups over the sequential program");
                return times;
            }
            err.println("satin: timing the sequential program of " + app.name() + " " + String.join(" ", app.args()));
            err.flush();
            times.put(app, timer.measure(app, err));
        }
        return times;
    }

    /**
     * Runs in this JVM share its JIT: the first would run cold and the others warm, and the
     * first balancer would look slower than it is. So the first cell runs once unreported.
     */
    private static void warmUp(Launcher launcher, Comparison.Cell first, PrintWriter err) throws Exception {
        boolean inJvm = first.plan().clusters().stream()
                .allMatch(c -> c.placement() == satin.deploy.plan.ClusterPlan.Placement.IN_JVM);
        if (inJvm) {
            err.println("satin: a warm-up run in this JVM first (not reported)");
            err.flush();
            Path scratch = Files.createTempDirectory("satin-warm-up"); // not under the output: no report finds it
            try {
                launcher.run(first.plan().with(first.balancer(), first.plan().wan(), scratch));
            } finally {
                try (var files = Files.walk(scratch)) {
                    for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(f);
                    }
                }
            }
        }
    }

    /**
     * How a run's output differs from the sequential program's, or null if it does not (or there is
     * no sequential output to check it against): a comparison of balancers whose runs computed
     * another answer than the program would be a comparison of nothing, so such a run counts as failed.
     */
    static String differs(String printed, String sequential) {
        List<String> a = printed == null ? List.of() : printed.lines().toList();
        List<String> b = sequential == null ? a : sequential.lines().toList();
        if (a.equals(b)) {
            return null;
        }
        int i = 0;
        while (i < a.size() && i < b.size() && a.get(i).equals(b.get(i))) {
            i++;
        }
        String got = i < a.size() ? "'" + a.get(i) + "'" : "nothing more";
        String expected = i < b.size() ? "'" + b.get(i) + "'" : "nothing more";
        return "printed other output than the sequential program: line " + (i + 1) + " is " + got + " where the"
                + " sequential program printed " + expected;
    }

    /** Runs the cells in order, then reports them; a failed run is named and the others go on. */
    static int run(List<Comparison.Cell> cells, java.time.Duration timeout, Invocation invocation, Path descriptor,
            PrintWriter out, PrintWriter err) throws Exception {
        Launcher launcher = new Launcher(timeout);
        invocation.create();
        java.util.Map<satin.deploy.plan.AppPlan, SequentialTimer.Sequential> sequential = sequentialTimes(cells, timeout,
                err);
        warmUp(launcher, cells.get(0), err);
        Progress progress = new Progress(cells.size(), err);
        List<Path> runs = new ArrayList<>();
        int failed = 0;
        for (Comparison.Cell cell : cells) {
            progress.starting(String.format(Locale.ROOT, "%s %s %s #%d", cell.app().name(), cell.balancer(), cell.wan(),
                    cell.repetition()));
            RunOutcome o = launcher.watchedBy(progress.watcher()).run(cell.plan());
            Plans.keepDescriptor(descriptor, o.runDir());
            invocation.mark(o.runDir());
            SequentialTimer.Sequential oracle = sequential.getOrDefault(cell.app(), SequentialTimer.Sequential.NONE);
            java.util.OptionalLong nanos = oracle.nanos();
            if (nanos.isPresent() && o.runDir() != null) {
                satin.deploy.launch.RunRecord.addNumber(o.runDir().resolve("result.json"), "sequentialNanos",
                        nanos.getAsLong()); // where the report looks for it
            }
            runs.add(o.runDir());
            String wrong = o.exitCode() != 0 ? "failed with status " + o.exitCode() : differs(o.stdout(), oracle.stdout());
            if (wrong != null) {
                failed++;
                progress.note("run " + (cell.index() + 1) + " " + wrong + "; its files: " + o.runDir());
            }
            progress.done();
        }
        Path reportDir = invocation.report();
        List<Path> files = Reports.write(runs, reportDir);
        Path table = reportDir.resolve("results.md");
        if (Files.exists(table)) {
            out.print(Reports.tablesOnly(Files.readString(table)));
        }
        err.println("satin: " + cells.size() + " runs" + (failed > 0 ? ", " + failed + " failed" : "") + "; report in "
                + reportDir + " (" + files.size() + " files: results.csv, results.md, charts)");
        return failed == 0 ? 0 : 1;
    }
}
