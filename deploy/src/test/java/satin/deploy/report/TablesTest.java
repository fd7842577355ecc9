package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TablesTest {

    @TempDir
    Path root;

    private Comparison comparison() throws IOException {
        return new Comparison(RunReader.readAll(List.of(SyntheticRuns.comparison(root))));
    }

    @Test
    void csvHasARowPerRunWithNumbersWorkedOutByHand() throws IOException {
        List<String> lines = Tables.csv(comparison()).lines().toList();
        assertEquals(String.join(",", Tables.CSV_HEADER), lines.get(0));
        assertEquals(6, lines.size());
        // one cluster of 2, 8 s, its own baseline; node 1 busy from 0.1 s, both idle at 1 s
        assertEquals("bare,fib,,CRS,10ms/1MB/s,1,2,1,,8.0000,,,,,1.000,0.00,3,2,6,1,4,2,0,"
                + "0.1000,0.0000,0.1000,0.0000,1.000,0.950,8.0000,8.0000,8.0000,1,,",
                lines.get(1));
        // 11 s median on one cluster / 12 s; 40 s sequential / 12 s
        assertEquals("rs-1x4-b,fib,30,RS,none,1,4,2,0,12.0000,13.5000,40.0000,3.333,,0.917,0.00,10,4,12,6,8,4,0,"
                + "0.3000,0.0000,0.3000,0.0000,1.000,0.850,11.0000,10.0000,12.0000,2,,",
                lines.get(4));
        assertEquals("rs-2x2,fib,30,RS,10ms/1MB/s,2,4,1,0,22.0000,23.5000,40.0000,1.818,,0.500,50.00,10,4,12,6,8,4,0,"
                + "0.3000,0.0000,0.3000,0.0000,1.000,0.850,22.0000,22.0000,22.0000,1,,",
                lines.get(5));
    }

    @Test
    void markdownHasMediansPerWorkloadBalancerAndConfiguration() throws IOException {
        String md = Tables.markdown(comparison());
        assertTrue(md.contains("## fib 30\n\n| balancer | 1 cluster | 2 clusters, WAN 10ms/1MB/s |\n|---|---|---|\n"),
                md);
        // medians: time (10, 12) -> 11, its own baseline; speedup 40 / 11 = 3.64; 2 x 2: 11 / 22, from 10 / 22 to 12 / 22
        assertTrue(md.contains("| RS | 11.000 s [10.000-12.000] (1.00x vs 1 cluster), 0.0 WAN msgs/s; speedup 3.6; n = 2"
                + " | 22.000 s (0.50x [0.45-0.55] vs 1 cluster), 50.0 WAN msgs/s; speedup 1.8; n = 1 |\n"), md);
        assertTrue(md.contains("| CRS | - | 16.000 s, 20.0 WAN msgs/s; speedup 2.5; n = 1 |\n"), md);
        assertTrue(md.contains("## fib\n\n| balancer | 1 cluster |\n|---|---|\n"
                + "| CRS | 8.000 s (1.00x vs 1 cluster), 0.0 WAN msgs/s; n = 1 |\n"), md);
        String fib30 = md.substring(md.indexOf("## fib 30"));
        assertTrue(fib30.indexOf("| RS |") < fib30.indexOf("| CRS |"), "the paper's order: RS before CRS");
    }

    @Test
    void theUseFactorIsTheSequentialTimeOverTheSameBalancersOneNodeTime() throws IOException {
        SyntheticRuns.comparison(root);
        SyntheticRuns.run(root, "rs-1x1", SyntheticRuns.stats("satin.apps.fib.Fib", "RS", "none", 1, 1,
                50_000_000_000L, 0), SyntheticRuns.result("RS", "none", "1", "1", 1, 51.5, 40));
        Comparison c = new Comparison(RunReader.readAll(List.of(root)));
        String md = Tables.markdown(c);
        // 40 s sequential / 50 s on one node: 80 %, in every RS cell; CRS has no one-node run
        assertTrue(md.contains("| RS | 50.000 s (1.00x vs 1 cluster), 0.0 WAN msgs/s; speedup 0.8; USE 80%; n = 1 | 11.000 s"), md);
        assertTrue(md.contains("50.0 WAN msgs/s; speedup 1.8; USE 80%; n = 1 |\n"), md);
        assertTrue(md.contains("| CRS | - | - | 16.000 s, 20.0 WAN msgs/s; speedup 2.5; n = 1 |\n"), md);
        String csv = Tables.csv(c);
        assertTrue(csv.contains("\nrs-2x2,fib,30,RS,10ms/1MB/s,2,4,1,0,22.0000,23.5000,40.0000,1.818,0.800,0.500,"), csv);
        assertTrue(csv.contains("\ncrs-2x2,fib,30,CRS,10ms/1MB/s,2,4,1,0,16.0000,17.5000,40.0000,2.500,,"), csv);
    }

    @Test
    void wanSettingsGoFromTheFastestToTheSlowest() throws IOException {
        assertEquals(10, Comparison.latency("10ms/1MB/s"), 0);
        assertEquals(1e6, Comparison.bandwidth("10ms/1MB/s"), 0);
        assertEquals(2000, Comparison.latency("2s/100KB/s"), 0);
        assertEquals(60_000, Comparison.latency("1m/100KB/s"), 0);
        assertEquals(0.25, Comparison.latency("250us/1GB/s/500ns"), 0);
        assertEquals(1e5, Comparison.bandwidth("2s/100KB/s"), 0);
        for (String wan : List.of("100ms/100KB/s", "10ms/100KB/s", "100ms/1000KB/s", "10ms/1000KB/s")) {
            String dir = "w" + wan.replace('/', '_');
            SyntheticRuns.run(root.resolve("wans"), dir, SyntheticRuns.stats("satin.apps.fib.Fib", "RS", wan, 2, 2,
                    1_000_000_000L, 1), null);
        }
        Comparison c = new Comparison(RunReader.readAll(List.of(root.resolve("wans"))));
        assertEquals(List.of("2 clusters, WAN 10ms/1000KB/s", "2 clusters, WAN 100ms/1000KB/s",
                "2 clusters, WAN 10ms/100KB/s", "2 clusters, WAN 100ms/100KB/s"), c.configurations("fib"));
    }

    @Test
    void failedRunsAreListedButLeftOutOfTheMedians() throws IOException {
        SyntheticRuns.comparison(root);
        SyntheticRuns.run(root, "rs-2x2-failed", SyntheticRuns.stats("satin.apps.fib.Fib", "RS", "10ms/1MB/s", 2, 4,
                100_000_000_000L, 1), SyntheticRuns.result("RS", "10ms/1MB/s", "2", "4", 2, 101.5, 40)
                        .replace("\"exitCode\":0", "\"exitCode\":3"));
        Comparison c = new Comparison(RunReader.readAll(List.of(root)));
        String md = Tables.markdown(c);
        assertTrue(md.contains("**Failed**, left out of the tables: rs-2x2-failed (exit 3).\n"), md);
        assertTrue(md.contains("| 22.000 s (0.50x [0.45-0.55] vs 1 cluster), 50.0 WAN msgs/s; speedup 1.8; n = 1 |"), md);
        assertTrue(Tables.csv(c).contains("\nrs-2x2-failed,fib,30,RS,10ms/1MB/s,2,4,2,3,100.0000,"), Tables.csv(c));
    }

    @Test
    void mediansLeaveOutUnknownValues() {
        assertEquals(2.5, Comparison.median(new double[] {4, 1, Double.NaN, 3, 2}), 0);
        assertEquals(3, Comparison.median(new double[] {3}), 0);
        assertTrue(Double.isNaN(Comparison.median(new double[] {Double.NaN})));
    }
}
