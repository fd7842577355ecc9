package satin.sim;

import static satin.stats.report.NodeCounter.*;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import satin.stats.RoundTripMatrix;
import satin.stats.report.NodeCounter;
import satin.stats.report.NodeReport;
import satin.stats.report.RunFields;
import satin.stats.report.StatsFile;
import satin.stats.report.Timeline;
import satin.stats.StealLog;

/**
 * What a simulated run did: its time, whether it finished, and every node's statistics and activity
 * trace as a real node reports them ({@code satin.stats.report.PoolReport}), so that the statistics file
 * it writes reads like a real run's to {@code satin report}.
 */
public final class SimResult {

    private final SimConfig config;
    private final List<SimNode> nodes;
    private final boolean finished;
    private final long runNanos;
    private final Simulation.Status status;
    private Map<String, Long> totals;
    private long traceGapNanos;

    SimResult(SimConfig config, List<SimNode> nodes, boolean finished, long runNanos, Simulation.Status status) {
        this.config = config;
        this.nodes = nodes;
        this.finished = finished;
        this.runNanos = runNanos;
        this.status = status;
        for (SimNode n : nodes) {
            for (SimWorker w : n.workers()) {
                w.close();
            }
        }
    }

    public SimConfig config() {
        return config;
    }

    /** Whether the root job finished within the limit of simulated time. */
    public boolean finished() {
        return finished;
    }

    /** The simulated time of the root call, from the root job's arrival at the master to its end. */
    public long runNanos() {
        return runNanos;
    }

    /** Jobs run, the root included. */
    public long jobs() {
        return status.jobs();
    }

    /** The round trips every node measured on the virtual clock, per pair of clusters, beside the configured ones. */
    public RoundTripMatrix roundTrips() {
        RoundTripMatrix m = new RoundTripMatrix();
        for (SimNode n : nodes) {
            String from = n.clusterOf(n.id);
            n.roundTrips.snapshot().forEach((member, rt) -> m.add(from, n.clusterOf(member), rt.samples(),
                    rt.smoothedNanos(), 2 * n.latencyNanos(member)));
        }
        return m;
    }

    /** Messages sent between nodes. */
    public long messages() {
        return status.messages();
    }

    /** The jobs' costs summed: the time of one worker alone, against which speedup and efficiency are measured. */
    public long work() {
        return status.work();
    }

    public long events() {
        return status.events();
    }

    /** How long the simulation took on this machine. */
    public long wallNanos() {
        return status.wallNanos();
    }

    /** The name of the balancer as its class gives it, and its settings as {@code name=value, ...}. */
    public String balancerName() {
        return nodes.get(0).balancer().name();
    }

    public String balancerSettings() {
        return satin.lb.Balancers.describe(nodes.get(0).balancer());
    }

    /** A counter of the statistics file summed over every node ({@code wanMessagesSent}, {@code idleNanos}, ...), 0 if none has it. */
    public long total(String key) {
        if (totals == null) {
            Map<String, Long> t = new LinkedHashMap<>();
            for (SimNode n : nodes) {
                report(n, false).numbers().forEach((k, v) -> t.merge(k, v, Long::sum));
            }
            totals = t;
        }
        return totals.getOrDefault(key, 0L);
    }

    /** The work over the run time: how many workers' worth the pool computed. */
    public double speedup() {
        return runNanos <= 0 ? 0 : (double) work() / runNanos;
    }

    public double wanMessagesPerSecond() {
        return runNanos <= 0 ? 0 : total("wanMessagesSent") / (runNanos / 1e9);
    }

    // ------------------------------------------------------------------ the statistics file

    /**
     * Writes the statistics as the master of a real run writes {@code stats.json}: {@code run}'s
     * {@code pool} and {@code main}, then the fields every run has and the simulation's own, then
     * one report per node with its activity trace, at most {@link SimConfig#traceLimit}
     * transitions in all.
     */
    public void writeStats(Path file, Map<String, Object> run) throws IOException {
        writeStats(file, text(run.get(StatsFile.POOL)), text(run.get(StatsFile.MAIN)));
    }

    /** {@link #writeStats(Path, Map)} for a pool and a main class (either null to leave it out). */
    public void writeStats(Path file, String pool, String main) throws IOException {
        limitTraces();
        List<String> reports = new ArrayList<>(nodes.size());
        for (SimNode n : nodes) {
            reports.add(StatsFile.node(report(n, true)));
        }
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            StatsFile.write(out, runFields(pool, main).fields(), reports);
        }
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    /** The run's fields: those of a real run, then the simulation's own. */
    RunFields runFields(String pool, String main) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("finished", finished ? 1 : 0);
        r.put("seed", config.seed());
        r.put("workload", config.workload().describe());
        r.put("simulatedJobs", jobs());
        r.put("simulatedMessages", messages());
        r.put("simulatedEvents", events());
        r.put("work", work());
        r.put("simulationWallNanos", wallNanos());
        r.put("activityGapsDroppedBelowNanos", traceGapNanos);
        return new RunFields(pool, main, "simulate", balancerName(), balancerSettings(), config.wan(),
                config.lan().name(), config.topology().clusters(), runNanos, wanMessagesPerSecond(), r);
    }

    /** A node's entry of the statistics, in the schema a real node's follows; its trace left empty unless asked for. */
    private NodeReport report(SimNode n, boolean trace) {
        Map<NodeCounter, Long> c = new EnumMap<>(NodeCounter.class);
        for (SimWorker k : n.workers()) {
            add(c, SPAWNS, k.spawns);
            add(c, JOBS_RUN, k.jobsRun);
            add(c, LOCAL_STEAL_ATTEMPTS, k.stealAttempts);
            add(c, LOCAL_STEALS, k.steals);
            add(c, SYNC_WAITS, k.syncWaits);
            add(c, SYNC_WAIT_NANOS, k.syncWaitNanos);
            add(c, SYNC_IDLE_NANOS, k.syncIdleNanos);
            add(c, IDLE_NANOS, k.idleNanos);
            add(c, STOLEN_FROM_ME, k.stolenFromMe);
            add(c, JOBS_RUN_FOR_OTHERS, k.jobsRunForOthers);
        }
        n.counters.into(c);
        return new NodeReport(n.id, n.name(), n.clusterOf(n.id), balancerName(), balancerSettings(),
                n.workers().length, runNanos, c, trace ? activity(n) : NO_TRACE, n.roundTrips.rows(n::clusterOf, m -> 2 * n.latencyNanos(m)),
                trace ? timeline(n) : Timeline.NONE);
    }

    /** The node's timeline on the virtual clock, as a real node reports its own. */
    private static Timeline timeline(SimNode n) {
        List<Timeline.Worker> workers = new ArrayList<>(n.workers().length);
        for (SimWorker w : n.workers()) {
            workers.add(Timeline.Worker.of(w.states));
        }
        StealLog steals = n.timeline.steals;
        return new Timeline(workers, Timeline.Move.of(steals), steals.dropped(),
                Timeline.Intervals.of(n.timeline.messages, 0), Timeline.Intervals.of(steals.failed(), 0));
    }

    private static final NodeReport.Activity NO_TRACE = new NodeReport.Activity(0, 0, 0, new long[0], new boolean[0]);

    private static void add(Map<NodeCounter, Long> c, NodeCounter counter, long value) {
        c.merge(counter, value, Long::sum);
    }

    /** The node's trace on the virtual clock, from its origin 0. */
    private static NodeReport.Activity activity(SimNode n) {
        int size = n.activity.size();
        long[] times = new long[size];
        boolean[] busy = new boolean[size];
        for (int i = 0; i < size; i++) {
            times[i] = n.activity.time(i);
            busy[i] = n.activity.isBusy(i);
        }
        return new NodeReport.Activity(0, 0, size, times, busy);
    }

    /**
     * Keeps the traces within the limit: drops the shortest idle spells between busy ones, all
     * those below one length, and says which length in the statistics.
     */
    private void limitTraces() {
        long transitions = nodes.stream().mapToLong(n -> n.activity.size()).sum();
        if (transitions <= config.traceLimit()) {
            return;
        }
        int count = nodes.stream().mapToInt(n -> n.activity.gapCount()).sum();
        long[] gaps = new long[count];
        int at = 0;
        for (SimNode n : nodes) {
            n.activity.gaps(gaps, at);
            at += n.activity.gapCount();
        }
        Arrays.sort(gaps);
        long excess = (transitions - config.traceLimit() + 1) / 2; // each gap dropped takes two transitions
        traceGapNanos = gaps[(int) Math.min(gaps.length - 1, excess)] + 1;
        for (SimNode n : nodes) {
            n.activity.dropGapsBelow(traceGapNanos);
        }
    }

    /** The WAN text, or how many links it names if it is too long for a line (32 clusters have 992). */
    private String wanLabel() {
        String w = config.wan();
        return w.length() <= 80 ? w : w.split(",").length + " links (" + w.substring(0, w.indexOf(',')) + ", ...)";
    }

    /** The run in a few lines: what it was, its time, and where the time and the messages went. */
    public String summary() {
        Topology t = config.topology();
        double seconds = runNanos / 1e9;
        double nodeSeconds = seconds * t.nodes();
        double idle = (total("idleNanos") + total("syncIdleNanos")) / 1e9;
        String settings = balancerSettings();
        return String.format(Locale.ROOT, "simulated pool: %d nodes in %d cluster%s, balancer %s%s, WAN %s, LAN %s, seed %d:"
                + " %s%.3f s (root call) in %.1f s wall; %.1f WAN messages/s%n", t.nodes(), t.clusters(),
                t.clusters() == 1 ? "" : "s", balancerName(), settings.isEmpty() ? "" : " (" + settings + ")", wanLabel(),
                config.lan(), config.seed(), finished ? "" : "NOT FINISHED after ", seconds, wallNanos() / 1e9,
                wanMessagesPerSecond())
                + String.format(Locale.ROOT, "  jobs %d (%s), %.3f s of work: speedup %.1f on %d workers, efficiency %.1f%%%n",
                jobs(), config.workload().describe(), work() / 1e9, speedup(), t.workers(), 100 * speedup() / t.workers())
                + String.format(Locale.ROOT, "  steals LAN %d asked, %d got; WAN %d asked, %d got;"
                + " prefetches %d, %d got; pushed %d; results back %d%n",
                total("lanStealRequests"), total("lanSteals"), total("wanStealRequests"), total("wanSteals"),
                total("prefetchRequests"), total("prefetched"), total("jobsPushed"), total("resultsReceived"))
                + String.format(Locale.ROOT, "  messages LAN %d (%.1f KiB), WAN %d (%.1f KiB); notes %d; idle %.3f of %.3f"
                + " node-s (%.1f%%); waiting for steal replies %.3f s%n", total("lanMessagesSent"),
                total("lanBytesSent") / 1024.0, total("wanMessagesSent"), total("wanBytesSent") / 1024.0,
                total("notesSent"), idle, nodeSeconds, nodeSeconds > 0 ? 100 * idle / nodeSeconds : 0,
                total("stealWaitNanos") / 1e9)
                + String.format(Locale.ROOT, "  simulator: %d events, %.2f M jobs/s and %.2f M messages/s of wall time%n",
                events(), jobs() / (wallNanos() / 1e3), messages() / (wallNanos() / 1e3));
    }
}
