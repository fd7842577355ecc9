package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunReaderTest {

    @TempDir
    Path root;

    /** A statistics file that is not UTF-8 is named as such, with the file, not as "Input length = 1". */
    @Test
    void aStatisticsFileThatIsNotUtf8IsNamed() throws IOException {
        Path run = Files.createDirectories(root.resolve("r"));
        Files.write(run.resolve("stats.json"), new byte[] {'{', (byte) 0xFF, '}'});
        IOException e = assertThrows(IOException.class, () -> RunReader.readAll(List.of(run)));
        assertEquals(run.resolve("stats.json") + ": not UTF-8 text", e.getMessage());
    }

    @Test
    void aRealStatisticsFileAloneIsARun() throws IOException {
        Path d = SyntheticRuns.run(root, "real", JsonTest.resource("stats-nqueens-crs.json"), null);
        RunData r = RunReader.read(d);
        assertEquals("nqueens", r.app());
        assertEquals("", r.args());
        assertEquals("CRS", r.balancer());
        assertEquals("20ms/1MB/s", r.wan());
        assertEquals(2, r.clusters());
        assertEquals(8, r.nodes());
        assertEquals(0.451243481, r.runSeconds(), 1e-12);
        assertEquals(13.296590981665616, r.wanMessagesPerSecond(), 1e-12);
        assertEquals(1176, r.total("jobsRun"));
        assertEquals(81, r.total("lanStealRequests"));
        assertEquals(9, r.total("wanStealRequests"));
        assertEquals(6, r.total("wanMessagesSent"));
        assertEquals(8, r.traces().size());
        assertEquals(2, r.traces().get(0).times().length);
        assertNull(r.exitCode());
        assertNull(r.sequentialSeconds());
    }

    /** Two nodes in clusters a and b, each with the round trips it measured, as a pool writes them. */
    private static String measured(String secondEntry) {
        return "{\"balancer\":\"LL\",\"wan\":\"10ms/1MB/s\",\"clusters\":2,\"wallNanos\":1000,\"nodes\":["
                + "{\"node\":0,\"cluster\":\"a\",\"activity\":[],\"roundTrips\":["
                + "{\"member\":1,\"cluster\":\"b\",\"replies\":3,\"smoothedNanos\":24000000,\"configuredNanos\":20000000},"
                + "{\"member\":2,\"cluster\":\"a\",\"replies\":5,\"smoothedNanos\":50000,\"configuredNanos\":0}]},"
                + "{\"node\":1,\"cluster\":\"b\",\"activity\":[],\"roundTrips\":[" + secondEntry + "]}]}";
    }

    @Test
    void theRoundTripsTheNodesMeasuredAreSummedPerPairOfClusters() throws IOException {
        Path d = SyntheticRuns.run(root, "measured", measured(
                "{\"member\":0,\"cluster\":\"a\",\"replies\":1,\"smoothedNanos\":22000000,\"configuredNanos\":20000000}"), null);
        RunData r = RunReader.read(d);
        assertEquals(new satin.stats.RoundTripMatrix.Cell(3, 1, 24e6, 24_000_000, 24_000_000, 20_000_000),
                r.roundTrips().cell("a", "b"));
        assertEquals(22e6, r.roundTrips().cell("b", "a").meanNanos(), 1e-6);
        assertEquals(5, r.roundTrips().cell("a", "a").samples());
        String report = Reports.roundTrips(List.of(r));
        assertTrue(report.contains("## measured (LL, WAN 10ms/1MB/s)"), report);
        assertTrue(report.contains("| a | b | 20.000 | 24.000 | 24.000 | 24.000 | 3 |"), report);
        assertEquals(0, r.total("replies"), "a node's measurements are not its counters");
    }

    @Test
    void aRoundTripWithoutItsValueIsNamed() throws IOException {
        Path d = SyntheticRuns.run(root, "broken", measured("{\"member\":0,\"cluster\":\"a\",\"replies\":1}"), null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunReader.read(d));
        assertTrue(e.getMessage().contains("nodes[1]: roundTrips[0]: key 'smoothedNanos' missing"), e.getMessage());
    }

    @Test
    void thePlanComesFromTheLaunchersResultAndTheTimeFromThePool() throws IOException {
        SyntheticRuns.comparison(root);
        RunData r = RunReader.read(root.resolve("rs-2x2"));
        assertEquals("fib", r.app());
        assertEquals("30", r.args());
        assertEquals(22, r.runSeconds(), 1e-12); // stats.json's 22 s
        assertEquals(23.5, r.launcherSeconds(), 1e-12); // result.json's, starting included
        assertEquals(4, r.nodes()); // the sum over the plan's clusters
        assertEquals(2, r.clusters());
        assertEquals(40, r.sequentialSeconds(), 1e-12);
        assertEquals(0, r.exitCode());
        assertEquals(1 + 2 + 3 + 4, r.total("lanStealRequests"));
        assertEquals(0 + 1 + 2 + 3, r.total("wanSteals"));
    }

    @Test
    void aParentDirectoryStandsForItsRunsAndRepetitionsAreNumbered() throws IOException {
        SyntheticRuns.comparison(root);
        List<RunData> runs = RunReader.readAll(List.of(root));
        assertEquals(List.of("bare", "crs-2x2", "rs-1x4-a", "rs-1x4-b", "rs-2x2"),
                runs.stream().map(RunData::name).toList());
        assertEquals(1, runs.get(0).repetition()); // bare: numbered by order
        assertEquals(2, runs.get(3).repetition()); // rs-1x4-b: from result.json
        assertEquals(4, runs.get(3).nodes()); // the flat result's list of clusters
        assertEquals(13.5, runs.get(3).launcherSeconds(), 1e-12);
    }

    @Test
    void thePlanOverridesTheStatisticsAndNamesTheStatisticsFile() throws IOException {
        String result = SyntheticRuns.launcherResult("CLS:threshold=4", "5ms/10MB/s", 3)
                .replace("\"stats\":\"stats.json\"", "\"stats\":\"pool-stats.json\"")
                .replace("\"name\":\"fib\",\"mainClass\"", "\"name\":\"satin.apps.nqueens.NQueens\",\"mainClass\"");
        Path d = SyntheticRuns.run(root, "named", null, result);
        Files.writeString(d.resolve("pool-stats.json"),
                SyntheticRuns.stats("satin.apps.fib.Fib", "CLS", "5ms/10MB/s", 2, 4, 3_000_000_000L, 7));
        RunData r = RunReader.read(d);
        assertEquals("nqueens", r.app()); // a main class in the plan shown by its short name
        assertEquals("CLS:threshold=4", r.balancer());
        assertEquals(3, r.runSeconds(), 1e-12);
        assertEquals(7, r.wanMessagesPerSecond(), 1e-12);
        assertEquals(4, r.traces().size());
    }

    /** One node whose entry ends with {@code timeline}'s fields. */
    private RunData withTimeline(String name, String timeline) throws IOException {
        return RunReader.read(SyntheticRuns.run(root, name, "{\"wallNanos\":1000,\"nodes\":[{\"node\":0,\"activity\":[]"
                + timeline + "}]}", null));
    }

    @Test
    void aTimelineReadsBackAsANodeWroteIt() throws IOException {
        satin.stats.report.Timeline t = withTimeline("timeline", ",\"workerStates\":[[0,1,5,0]],\"workerStatesDropped\":[2],"
                + "\"steals\":[[1,3,7,1,4]],\"stealsDropped\":1,\"messagesOverTime\":{\"offsetNanos\":5,"
                + "\"intervalNanos\":10,\"sent\":[1,2],\"received\":[0,1]}").reports().get(0).timeline();
        assertEquals(List.of(new satin.stats.report.Timeline.Worker(new long[] {0, 5}, new int[] {1, 0}, 2)), t.workers());
        assertEquals(List.of(new satin.stats.report.Timeline.Move(1, 3, 7, 1, 4)), t.moves());
        assertEquals(1, t.movesDropped());
        assertEquals(2, t.messages().length());
        assertTrue(t.failedSteals().isEmpty());
        assertTrue(withTimeline("old", "").reports().get(0).timeline().isEmpty(), "a run from before timelines");
    }

    @Test
    void aTimelineAMemberCouldNotHaveWrittenIsRefusedSayingWhere() throws IOException {
        for (String[] bad : new String[][] {
                {",\"workerStates\":[[0,3]]", "workerStates[0][1]: expected a whole number up to 2 but found 3"},
                {",\"workerStates\":[[5,1,4,0]]", "workerStates[0][2]: 4 comes before 5"},
                {",\"workerStates\":[[5]]", "workerStates[0]: expected pairs of offset and state"},
                {",\"steals\":[[5,0,1,2,3]]", "steals[0][0]: expected a whole number up to 4 but found 5"},
                {",\"steals\":[[0,0,1,3,2]]", "steals[0][4]: expected a whole number of at least 3 but found 2"},
                {",\"messagesOverTime\":{\"intervalNanos\":4611686018427387904,\"sent\":[1,1],\"received\":[0,0]}",
                        "2 intervals of 4611686018427387904 ns from 0 end past any time"}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> withTimeline("bad" + bad[0].hashCode(), bad[0]));
            assertTrue(e.getMessage().contains(bad[1]), e.getMessage());
        }
    }

    @Test
    void errorsNameTheFileAndWhatIsWrong() throws IOException {
        Path bad = SyntheticRuns.run(root, "bad", "{\"wallNanos\": \"soon\", \"nodes\": []}", null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunReader.read(bad));
        assertTrue(e.getMessage().contains("stats.json: key 'wallNanos' should be a number"), e.getMessage());
        Path empty = Files.createDirectories(root.resolve("empty"));
        IOException none = assertThrows(IOException.class, () -> RunReader.readAll(List.of(empty)));
        assertTrue(none.getMessage().contains("no run below it"), none.getMessage());
    }
}
