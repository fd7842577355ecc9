package satin.deploy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** satin simulate, and mode: simulate in descriptors: the files of a comparison, their numbers, and the refusals. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SimulateCommandTest {

    private static SatinCliTest.Result satin(String... args) {
        return SatinCliTest.satin(args);
    }

    /** The rows of results.csv by run, each column by its header. */
    private static List<Map<String, String>> csv(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.get(0).split(",");
        return lines.subList(1, lines.size()).stream().map(l -> {
            String[] cells = l.split(",", -1);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            return row;
        }).toList();
    }

    @Test
    void aMatrixIsSimulatedIntoTheFilesAndReportOfACompare(@TempDir Path dir) throws Exception {
        SatinCliTest.Result r = satin("simulate", "--app", "synthetic", "--args", "4", "5", "2000", "--nodes", "16",
                "--clusters", "4", "--balancers", "RS;CRS", "--wans", "single-cluster;10ms/100KB/s", "--output",
                dir.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("[##############################] 4/4 done"), r.err());
        assertTrue(r.out().contains("| RS |") && r.out().contains("| CRS |"), r.out());
        Path report = dir.resolve("latest/report");
        SatinCliTest.assertReportFiles(report, 4);
        List<Map<String, String>> rows = csv(report.resolve("results.csv"));
        assertEquals(4, rows.size());
        double work = 4 * 4 * 4 * 4 * 4 * 2e-3; // 4^5 leaves of 2 ms on average
        for (Map<String, String> row : rows) {
            double time = Double.parseDouble(row.get("run_time_s"));
            assertTrue(time >= work / 16 && time < 3 * work / 16, row.toString());
            double speedup = Double.parseDouble(row.get("speedup"));
            assertTrue(speedup > 4 && speedup <= 16, row.toString());
            boolean single = row.get("clusters").equals("1");
            assertEquals(single, Double.parseDouble(row.get("wan_msgs_per_s")) == 0, row.toString());
            assertEquals("0", row.get("exit_code"));
        }
    }

    @Test
    void everyInvocationHasItsOwnDirectoryAndReport(@TempDir Path dir) throws Exception {
        String[] args = {"simulate", "--app", "synthetic", "--args", "3", "3", "1000", "--nodes", "4", "--clusters", "2",
            "--balancers", "RS", "--wans", "single-cluster", "--output", dir.toString()};
        assertEquals(0, satin(args).code());
        Path first = dir.resolve("latest").toRealPath();
        assertEquals(0, satin(args).code());
        Path second = dir.resolve("latest").toRealPath();
        assertTrue(!first.equals(second) && first.getParent().equals(second.getParent()), first + " " + second);
        assertEquals(2, Files.readAllLines(first.resolve("report/results.csv")).size(), "its own run only");
        assertEquals(2, Files.readAllLines(second.resolve("report/results.csv")).size(), "its own run only");
        SatinCliTest.Result both = satin("report", dir.toString());
        assertEquals(1, both.code());
        assertTrue(both.err().contains("the runs come from 2 invocations: ") && both.err().contains(first.getFileName()
                + " (1 run") && both.err().contains(second.getFileName() + " (1 run"), both.err());
        SatinCliTest.Result latest = satin("report", dir.resolve("latest").toString());
        assertEquals(0, latest.code(), "the latest again, as the README says: " + latest.err());
    }

    @Test
    void aDescriptorInModeSimulateIsSimulatedByRunAndByCompare(@TempDir Path dir) throws Exception {
        Path yaml = dir.resolve("sim.yaml");
        Files.writeString(yaml, String.join("\n", "pool: sim", "mode: simulate", "simulate:", "  lan: infiniband",
                "  seed: 3", "clusters:", "  - {name: east, nodes: 8}", "  - {name: west, nodes: 8, where: processes}",
                "wan: 20ms/1MB/s", "app:", "  mainClass: satin.apps.synthetic.SyntheticTree", "  args: [3, 5, 1000]", "balancer: CLS",
                "output: " + dir.resolve("out"), "compare:", "  balancers: [RS, CLS]", ""));
        SatinCliTest.Result run = satin("run", yaml.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("simulated pool: 16 nodes in 2 clusters, balancer CLS"), run.out());
        assertTrue(run.out().contains("LAN infiniband, seed 3"), run.out());
        SatinCliTest.Result compare = satin("compare", yaml.toString());
        assertEquals(0, compare.code(), compare.err());
        assertTrue(compare.err().contains("6 simulated runs"), "three repetitions by default: " + compare.err());
        assertTrue(compare.out().contains("| RS |") && compare.out().contains("| CLS |"), compare.out());
        try (Stream<Path> files = Files.walk(dir.resolve("out"))) {
            assertEquals(1 + 6, files.filter(p -> p.getFileName().toString().equals("descriptor.yaml")).count(),
                    "every run keeps its descriptor");
        }
    }

    @Test
    void oneSeedGivesTheSameNumbersAndTheNextRepetitionAnother(@TempDir Path dir) throws Exception {
        for (String out : List.of("a", "b")) {
            SatinCliTest.Result r = satin("simulate", "--app", "synthetic", "--args", "3", "5", "1000", "--nodes", "8",
                    "--clusters", "2", "--balancer", "CRS", "--wan", "5ms/1MB/s/1ms", "--repetitions", "2", "--seed", "9",
                    "--output", dir.resolve(out).toString());
            assertEquals(0, r.code(), r.err());
        }
        List<Map<String, String>> a = csv(dir.resolve("a/latest/report/results.csv"));
        List<Map<String, String>> b = csv(dir.resolve("b/latest/report/results.csv"));
        for (String column : List.of("run_time_s", "wan_msgs_per_s", "lan_steal_attempts", "wan_steals")) {
            assertEquals(a.get(0).get(column), b.get(0).get(column), column);
            assertEquals(a.get(1).get(column), b.get(1).get(column), column);
        }
        assertTrue(!a.get(0).get("lan_steal_attempts").equals(a.get(1).get("lan_steal_attempts"))
                || !a.get(0).get("run_time_s").equals(a.get(1).get("run_time_s")), "seeds 9 and 10 gave one run: " + a);
    }

    @Test
    void mistakesAreNamedWithTheOptionOrTheLine(@TempDir Path dir) throws Exception {
        SatinCliTest.Result lan = satin("simulate", "--app", "synthetic", "--lan", "ethernet");
        assertEquals(2, lan.code());
        assertTrue(lan.err().contains("--lan: interconnect 'ethernet'"), lan.err());
        SatinCliTest.Result cost = satin("simulate", "--app", "uts", "--node-cost", "fast");
        assertEquals(2, cost.code());
        assertTrue(cost.err().contains("--node-cost: found 'fast'; expected a duration"), cost.err());
        SatinCliTest.Result fib = satin("simulate", "--app", "fib", "--args", "20");
        assertEquals(2, fib.code());
        assertTrue(fib.err().contains("the simulator has no model of satin.apps.fib.Fib"), fib.err());
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, String.join("\n", "mode: simulation", "simulate:", "  lan: ethernet", "  nodeCost: fast",
                "clusters: [{name: A, nodes: 4}]", "app: {name: uts}", ""));
        SatinCliTest.Result r = satin("run", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(bad + ":1:7: mode: found 'simulation'; expected run or simulate"), r.err());
        assertTrue(r.err().contains(bad + ":3:8: simulate.lan: interconnect 'ethernet'"), r.err());
        assertTrue(r.err().contains(bad + ":4:13: simulate.nodeCost: found 'fast'"), r.err());
    }

    @Test
    void theExamplesInSimulateHelpAreValid(@TempDir Path dir) throws Exception {
        String help = satin("simulate", "--help").out();
        assertTrue(help.contains("  satin simulate deploy/examples/simulate-32x256.yaml"), help);
        satin.deploy.descriptor.Descriptor large = satin.deploy.descriptor.Descriptors
                .read(Path.of("..", "deploy", "examples", "simulate-32x256.yaml"));
        assertTrue(large.simulated());
        assertEquals(8_192, large.plan().nodes());
        int at = help.indexOf("  satin simulate --app");
        String example = help.substring(at, help.indexOf('\n', help.indexOf("--lan", at))).replace("\\\n", " ").trim();
        List<String> words = new java.util.ArrayList<>(SatinCliTest.shellWords(example));
        assertEquals(List.of("satin", "simulate"), words.subList(0, 2), example);
        words.addAll(List.of("--output", dir.toString()));
        SatinCliTest.Result r = satin(words.subList(1, words.size()).toArray(new String[0]));
        assertEquals(0, r.code(), r.err());
        assertEquals(5, Files.readAllLines(dir.resolve("latest/report/results.csv")).size(), "a header and four runs");
    }
}
