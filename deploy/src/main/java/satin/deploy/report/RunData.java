package satin.deploy.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import satin.stats.RoundTripMatrix;
import satin.stats.report.NodeReport;

/**
 * What the report knows of one run: its place in the comparison (application, balancer, WAN
 * setting, clusters, nodes, repetition), its time, its WAN traffic, the counters summed over all
 * nodes, and every node's activity trace.
 *
 * @param name                 the run's name in file names and tables (its directory's name)
 * @param directory            where it was read from
 * @param app                  the application's short name, or its main class
 * @param args                 its arguments joined by spaces, empty if unknown
 * @param balancer             the load balancer as the run named it
 * @param wan                  the WAN setting as the run named it
 * @param clusters             how many clusters
 * @param nodes                how many nodes
 * @param repetition           which repetition of the same configuration, from 1
 * @param exitCode             the run's exit code, {@code null} if unknown
 * @param runSeconds           its run time: the pool's, from its start to the end of main
 * @param launcherSeconds      the launcher's time for the whole run, {@code null} if unknown
 * @param sequentialSeconds    the sequential program's time on the same input, {@code null} if unknown
 * @param startupSeconds       what the launcher spent besides the pool's run (starting and stopping
 *                             nodes), {@code null} if unknown
 * @param experiment           the invocation of {@code satin compare} or {@code simulate} that made
 *                             it, empty for a run made alone
 * @param wanMessagesPerSecond WAN messages sent per second by all nodes together
 * @param totals               every numeric node counter summed over the nodes
 * @param traces               every node's activity trace
 * @param roundTrips           the round trips the nodes measured, per pair of clusters, beside the configured ones
 * @param reports              every node's report as the file gives it (its round trips are in {@code roundTrips}):
 *                             what a timeline needs of each node, its cluster and counters beside its trace
 */
public record RunData(String name, Path directory, String app, String args, String balancer, String wan, int clusters,
        int nodes, int repetition, Integer exitCode, double runSeconds, Double launcherSeconds,
        Double sequentialSeconds, Double startupSeconds, String experiment, double wanMessagesPerSecond,
        Map<String, Long> totals, List<NodeTrace> traces, RoundTripMatrix roundTrips,
        List<NodeReport> reports) {

    public RunData {
        totals = Map.copyOf(totals);
        traces = List.copyOf(traces);
        reports = List.copyOf(reports);
    }

    /** A counter summed over the nodes, 0 when no node reported it. */
    public long total(String key) {
        return totals.getOrDefault(key, 0L);
    }

    /** The application and its input: runs with the same one are comparable. */
    public String workload() {
        return args.isEmpty() ? app : app + " " + args;
    }

    /** The same run under another name. */
    public RunData withName(String other) {
        return new RunData(other, directory, app, args, balancer, wan, clusters, nodes, repetition, exitCode, runSeconds,
                launcherSeconds, sequentialSeconds, startupSeconds, experiment, wanMessagesPerSecond, totals, traces,
                roundTrips, reports);
    }

    /** The same run as repetition {@code r}. */
    public RunData withRepetition(int r) {
        return new RunData(name, directory, app, args, balancer, wan, clusters, nodes, r, exitCode, runSeconds,
                launcherSeconds, sequentialSeconds, startupSeconds, experiment, wanMessagesPerSecond, totals, traces,
                roundTrips, reports);
    }
}
