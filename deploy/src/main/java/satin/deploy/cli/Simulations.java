package satin.deploy.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.deploy.descriptor.Comparison;
import satin.deploy.launch.RunRecord;
import satin.deploy.plan.ClusterPlan;
import satin.deploy.plan.RunPlan;
import satin.deploy.plan.SimulationPlan;
import satin.deploy.report.Reports;
import satin.deploy.sim.Workloads;
import satin.sim.Interconnect;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Simulation;
import satin.sim.Topology;

/**
 * Runs in the simulator ({@code satin.sim}) instead of on a pool: every cell of a matrix becomes a
 * simulated run that leaves a run directory as a real run does ({@code result.json},
 * {@code stats.json}, and the run's summary in {@code stdout.txt}), and the report over them is
 * the one {@code satin compare} writes.
 */
final class Simulations {

    private static final long PROGRESS_NANOS = 1_000_000_000L;

    private Simulations() {
    }

    /** The simulation of one cell: its pool, its workload, its balancer and links, and the repetition's seed. */
    static SimConfig config(RunPlan plan, SimulationPlan sim, int repetition) {
        List<Topology.Cluster> clusters = new ArrayList<>();
        for (ClusterPlan c : plan.clusters()) {
            clusters.add(new Topology.Cluster(c.name(), c.nodes(), c.workers()));
        }
        SimConfig base = SimConfig.of(new Topology(clusters),
                Workloads.of(plan.app().mainClass(), plan.app().args(), sim.nodeCostNanos()), plan.balancer(), plan.wan());
        return new SimConfig(base.topology(), base.workload(), base.balancer(), base.wan(), Interconnect.parse(sim.lan()),
                sim.seed() + repetition - 1, Math.max(sim.offered(), SimConfig.leastOffered(plan.balancer())), // a chunk needs jobs offered, as in the runtime
                base.idle(), sim.maxSimulatedNanos(), base.traceLimit(), base.formedNanos());
    }

    /**
     * Simulates every cell, one after another with a progress line, then writes the report.
     *
     * @return 0 if every run finished within its time, else 1
     */
    static int run(List<Comparison.Cell> cells, SimulationPlan sim, Invocation invocation, Path descriptor,
            PrintWriter out, PrintWriter err) throws IOException {
        List<SimConfig> configs = new ArrayList<>();
        for (Comparison.Cell cell : cells) {
            configs.add(config(cell.plan(), sim, cell.repetition())); // every cell checked before the first runs
        }
        invocation.create();
        Progress progress = new Progress(cells.size(), err);
        List<Path> runs = new ArrayList<>();
        int failed = 0;
        for (int i = 0; i < cells.size(); i++) {
            Comparison.Cell cell = cells.get(i);
            String what = String.format(Locale.ROOT, "%s %s %s #%d", cell.app().name(), cell.balancer(), cell.wan(),
                    cell.repetition());
            progress.starting(what);
            SimResult r = new Simulation(configs.get(i)).run(s -> progress.starting(String.format(Locale.ROOT,
                    "%s: %.3f s simulated, %,d jobs, %,d messages", what, s.simulatedNanos() / 1e9, s.jobs(),
                    s.messages())), PROGRESS_NANOS);
            Path dir = write(cell, r);
            Plans.keepDescriptor(descriptor, dir);
            invocation.mark(dir);
            runs.add(dir);
            if (!r.finished()) {
                failed++;
                progress.note("run " + (i + 1) + " did not finish within " + sim.maxSimulatedNanos() / 1e9
                        + " s of simulated time; its files: " + dir);
            }
            progress.done();
        }
        if (cells.size() == 1) {
            out.print(Files.readString(runs.get(0).resolve("stdout.txt"), StandardCharsets.UTF_8));
        }
        return report(runs, invocation, cells.size(), failed, out, err);
    }

    private static int report(List<Path> runs, Invocation invocation, int count, int failed, PrintWriter out,
            PrintWriter err) throws IOException {
        Path reportDir = invocation.report();
        List<Path> files = Reports.write(runs, reportDir);
        if (count > 1) {
            out.print(Reports.tablesOnly(Files.readString(reportDir.resolve("results.md"), StandardCharsets.UTF_8)));
        }
        err.println("satin: " + count + " simulated run" + (count == 1 ? "" : "s") + (failed > 0 ? ", " + failed
                + " not finished" : "") + "; run files in " + invocation.directory() + ", report in " + reportDir + " (" + files.size()
                + " files: results.csv, results.md, charts)");
        return failed == 0 ? 0 : 1;
    }

    /** The run directory of a simulated run, beside those of real runs. */
    private static Path write(Comparison.Cell cell, SimResult r) throws IOException {
        RunPlan plan = cell.plan();
        Path dir = newRunDir(plan);
        r.writeStats(dir.resolve("stats.json"), plan.pool(), plan.app().mainClass());
        Files.writeString(dir.resolve("stdout.txt"), r.summary(), StandardCharsets.UTF_8);
        Path record = dir.resolve("result.json");
        RunRecord.write(record, plan, Instant.now().minusNanos(r.wallNanos()), Duration.ofNanos(r.wallNanos()),
                r.finished() ? 0 : 1, r.finished() ? "finished" : "failed", "stats.json");
        RunRecord.addNumber(record, "repetition", cell.repetition());
        RunRecord.addNumber(record, "seed", r.config().seed());
        RunRecord.addNumber(record, "startupNanos", 0); // its wall clock measures the simulator, not a start-up
        RunRecord.addNumber(record, "sequentialNanos", r.work()); // one worker doing every job: speedups and efficiency
        return dir;
    }

    private static Path newRunDir(RunPlan plan) throws IOException {
        Files.createDirectories(plan.outputDir());
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
        for (int i = 0;; i++) {
            Path dir = plan.outputDir().resolve(plan.pool() + "-simulated-" + stamp + (i == 0 ? "" : "-" + i));
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                // another run this second: the next name
            }
        }
    }
}
