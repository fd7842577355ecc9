package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Repetitions summarised as median and range, cells within each other's noise, and runs too short to count. */
class StatisticsTest {

    private static final String WAN = "100ms/100KB/s";

    @TempDir
    Path root;

    /** fib 30 on 4 nodes, three repetitions a cell; the launcher takes a second more than the pool. */
    private void cell(String balancer, int clusters, double... seconds) throws IOException {
        String wan = clusters == 1 ? "none" : WAN;
        for (int r = 0; r < seconds.length; r++) {
            SyntheticRuns.run(root, balancer + "-" + clusters + "-" + r,
                    SyntheticRuns.stats("satin.apps.fib.Fib", balancer, wan, clusters, 4, Math.round(seconds[r] * 1e9),
                            clusters == 1 ? 0 : 20),
                    SyntheticRuns.result(balancer, wan, Integer.toString(clusters), "4", r + 1, seconds[r] + 1, 40));
        }
    }

    private Comparison matrix() throws IOException {
        cell("RS", 1, 10, 11, 12);
        cell("CLS", 1, 11.5, 12.5, 13);
        cell("CRS", 1, 14, 15, 16);
        cell("RS", 2, 20, 21, 22);
        cell("CRS", 2, 12, 13, 14);
        return new Comparison(RunReader.readAll(List.of(root)));
    }

    @Test
    void aCellIsItsMedianWithTheRangeOfItsRuns() throws IOException {
        Comparison c = matrix();
        assertEquals(new Spread(12.5, 11.5, 13, 3), c.spread("fib 30", "CLS", "1 cluster", RunData::runSeconds));
        // CRS: 15 s on one cluster over 13 s on two; from 14 / 14 to 16 / 12
        Spread versus = c.versusOneClusterSpread("fib 30", "CRS", "2 clusters, WAN " + WAN);
        assertEquals(15 / 13.0, versus.median(), 1e-9);
        assertEquals(1.0, versus.min(), 1e-9);
        assertEquals(16 / 12.0, versus.max(), 1e-9);
    }

    @Test
    void cellsWhoseRangesOverlapAreMarkedAsWithinEachOthersNoise() throws IOException {
        Comparison c = matrix();
        assertEquals(List.of("CLS"), c.withinNoise("fib 30", "RS", "1 cluster"));
        assertEquals(List.of("RS"), c.withinNoise("fib 30", "CLS", "1 cluster"));
        assertEquals(List.of(), c.withinNoise("fib 30", "CRS", "1 cluster"), "14-16 s against 10-12 and 11.5-13");
        String md = Tables.markdown(c);
        assertTrue(md.contains("| CLS | 12.500 s [11.500-13.000] (1.00x vs 1 cluster), 0.0 WAN msgs/s; speedup 3.2;"
                + " n = 3; ≈ RS | - |\n"), md);
        assertTrue(md.contains("| 13.000 s [12.000-14.000] (1.15x [1.00-1.33] vs 1 cluster), 20.0 [20.0-20.0] WAN"
                + " msgs/s; speedup 3.1; n = 3; ≈ 1 cluster |\n"), md);
        assertTrue(md.contains("| 21.000 s [20.000-22.000] (0.52x [0.45-0.60] vs 1 cluster), 20.0 [20.0-20.0] WAN"
                + " msgs/s; speedup 1.9; n = 3 |\n"), md);
        assertFalse(md.contains("Single runs"), "every cell has three runs: " + md);
        assertTrue(Tables.csv(c).contains(",12.5000,11.5000,13.0000,3,RS,\n"), Tables.csv(c));
    }

    @Test
    void aCellOfOneRunIsSaidToHaveNoSpread() throws IOException {
        cell("RS", 1, 10);
        String md = Tables.markdown(new Comparison(RunReader.readAll(List.of(root))));
        assertTrue(md.contains("**Single runs**"), md);
        assertTrue(md.contains("| RS | 10.000 s (1.00x vs 1 cluster), 0.0 WAN msgs/s; speedup 4.0; n = 1 |"), md);
    }

    @Test
    void runsShorterThanTwentyRoundTripsOrTheirStartUpAreTooShort() throws IOException {
        assertEquals("", ShortRuns.why(run(2, WAN, 4.0, 1.0)), "20 round trips of 200 ms: 4 s");
        assertEquals("3.999 s is under 20 WAN round trips of 200 ms (4.0 s)", ShortRuns.why(run(2, WAN, 3.999, 1.0)));
        assertEquals("", ShortRuns.why(run(1, "none", 0.5, null)), "one cluster, start-up unknown");
        assertEquals("0.500 s is under its start-up of 2.000 s", ShortRuns.why(run(1, "none", 0.5, 2.0)));
        cell("CRS", 2, 3, 5, 6);
        Comparison c = new Comparison(RunReader.readAll(List.of(root)));
        String md = Tables.markdown(c);
        assertTrue(md.contains("; n = 3; short |"), md);
        assertTrue(md.contains("**Too short to say anything** (marked \"short\"): CRS-2-0 (3.000 s is under 20 WAN"
                + " round trips of 200 ms (4.0 s))."), md);
        assertTrue(Tables.csv(c).contains(",3.000 s is under 20 WAN round trips of 200 ms (4.0 s)\n"), Tables.csv(c));
    }

    @Test
    void barsOfCellsWithSeveralRunsHaveWhiskersFromMinToMax() throws IOException {
        Comparison c = matrix();
        String runtime = java.nio.file.Files.readString(Charts.runtime(c, root).get(1));
        String wan = java.nio.file.Files.readString(Charts.wanMessages(c, root).get(1));
        java.nio.file.Files.createDirectories(root.resolve("single"));
        assertTrue(runtime.contains(">Speedup over the sequential program (medians; whiskers: min-max)</text>"),
                runtime);
        // five cells of three runs, each a whisker of three lines, beside the axes and grid lines of one panel
        assertEquals(5 * 3, lines(runtime) - lines(barsAlone(c, root.resolve("single"))), runtime);
        assertTrue(wan.contains(">WAN messages per second, all nodes together (medians; whiskers: min-max)</text>"), wan);
        assertEquals(2 * 3, lines(wan) - lines(java.nio.file.Files.readString(Charts.wanMessages(new Comparison(c.runs().stream()
                .filter(r -> r.repetition() == 1).toList()), root.resolve("single")).get(1))), "a whisker for each of the two cells on two clusters");
    }

    private static long lines(String svg) {
        return svg.split("<line ").length - 1;
    }

    /** The same figure with every cell cut to its first run: bars without whiskers. */
    private static String barsAlone(Comparison c, Path dir) throws IOException {
        List<RunData> firsts = c.runs().stream().filter(r -> r.repetition() == 1).toList();
        return java.nio.file.Files.readString(Charts.runtime(new Comparison(firsts), dir).get(1));
    }

    private static RunData run(int clusters, String wan, double seconds, Double startup) {
        return new RunData("r", Path.of("r"), "fib", "30", "RS", wan, clusters, 4, 1, 0, seconds, null, null, startup, "",
                0, Map.of(), List.of(), new satin.stats.RoundTripMatrix(), List.of());
    }
}
