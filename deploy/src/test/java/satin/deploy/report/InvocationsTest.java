package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** satin report never pools runs of two invocations unasked, nor writes over the report of other runs. */
class InvocationsTest {

    @TempDir
    Path root;

    private final StringWriter err = new StringWriter();

    private int satin(String... args) {
        return satin.deploy.cli.SatinCli.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
    }

    /** Two runs of RS on one cluster, marked as made by invocation {@code id}. */
    private Path invocation(String id, double seconds) throws IOException {
        Path dir = root.resolve(id);
        for (int r = 1; r <= 2; r++) {
            SyntheticRuns.run(dir, "run-" + r, SyntheticRuns.stats("satin.apps.fib.Fib", "RS", "none", 1, 2,
                    Math.round(seconds * 1e9), 0), SyntheticRuns.result("RS", "none", "1", "2", r, seconds + 1, 40)
                            .replace("{", "{\"experiment\":\"" + id + "\","));
        }
        return dir;
    }

    @Test
    void runsOfTwoInvocationsAreRefusedUnlessMergedOnPurpose() throws IOException {
        Path a = invocation("20261124-120000-aaaaaa", 10);
        Path b = invocation("20261124-130000-bbbbbb", 20);
        String out = root.resolve("both").toString();
        assertEquals(1, satin("report", a.toString(), b.toString(), "--out", out));
        assertTrue(err.toString().contains("the runs come from 2 invocations: 20261124-120000-aaaaaa (2 runs, e.g. "),
                err.toString());
        assertTrue(err.toString().contains("20261124-130000-bbbbbb (2 runs"), err.toString());
        assertTrue(err.toString().contains("give --merge to pool them on purpose"), err.toString());
        assertEquals(1, satin("report", root.toString()), "a directory above both is no different");
        assertTrue(!Files.exists(Path.of(out)), "nothing written");
        assertEquals(0, satin("report", a.toString(), b.toString(), "--out", out, "--merge"), err.toString());
        assertTrue(Files.readString(Path.of(out, "results.md")).contains("; n = 4"), "four runs pooled in one cell");
    }

    @Test
    void runsMadeAloneAreInvocationsOfTheirOwn() throws IOException {
        Path a = alone("a", "satin-20261124-120000", 10);
        Path b = alone("b", "satin-20261124-130000", 20);
        String out = root.resolve("both").toString();
        assertEquals(0, satin("report", a.toString()), "one run alone: " + err);
        assertEquals(1, satin("report", a.toString(), b.toString(), "--out", out));
        assertTrue(err.toString().contains("the runs come from 2 invocations: a run made alone in " + a.toRealPath()
                + "; a run made alone in " + b.toRealPath() + "."), err.toString());
        assertTrue(err.toString().contains("give --merge to pool them on purpose"), err.toString());
        assertEquals(1, satin("report", root.toString(), "--out", out), "a directory above both is no different");
        assertTrue(!Files.exists(Path.of(out)), "nothing written");
        assertEquals(0, satin("report", a.toString(), b.toString(), "--out", out, "--merge"), err.toString());
        assertTrue(Files.readString(Path.of(out, "results.md")).contains("; n = 2"), "both runs pooled in one cell");
    }

    @Test
    void runsOfCellsStartedInTheSameSecondKeepNamesOfTheirOwn() throws IOException {
        String id = "20261124-120000-aaaaaa";
        String sameSecond = "satin-20261124-120001"; // the launcher's name: the pool and the second it started
        Path invocation = root.resolve(id);
        for (String cell : java.util.List.of("001-fib-RS-wan1-rep1", "002-fib-CRS-wan1-rep1")) {
            SyntheticRuns.run(invocation.resolve(cell), sameSecond, SyntheticRuns.stats("satin.apps.fib.Fib",
                    cell.contains("CRS") ? "CRS" : "RS", "none", 1, 2, 1_000_000_000L, 0),
                    SyntheticRuns.result(cell.contains("CRS") ? "CRS" : "RS", "none", "1", "2", 1, 2, 40)
                            .replace("{", "{\"experiment\":\"" + id + "\","));
        }
        assertEquals(0, satin("report", invocation.toString()), err.toString());
        java.util.List<String> names = Files.readAllLines(invocation.resolve("report/results.csv")).stream().skip(1)
                .map(l -> l.substring(0, l.indexOf(','))).sorted().toList();
        assertEquals(java.util.List.of("001-fib-RS-wan1-rep1/" + sameSecond, "002-fib-CRS-wan1-rep1/" + sameSecond), names);
    }

    /** A run as {@code satin run} leaves it: no invocation's mark. */
    private Path alone(String dir, String name, double seconds) throws IOException {
        return SyntheticRuns.run(root.resolve(dir), name, SyntheticRuns.stats("satin.apps.fib.Fib", "RS", "none", 1, 2,
                Math.round(seconds * 1e9), 0), SyntheticRuns.result("RS", "none", "1", "2", 1, seconds + 1, 40));
    }

    @Test
    void aReportIsNeverWrittenOverTheReportOfOtherRuns() throws IOException {
        Path a = invocation("20261124-120000-aaaaaa", 10);
        Path b = invocation("20261124-130000-bbbbbb", 20);
        String out = root.resolve("report").toString();
        assertEquals(0, satin("report", a.toString(), "--out", out), err.toString());
        String first = Files.readString(Path.of(out, "results.md"));
        assertEquals(1, satin("report", b.toString(), "--out", out));
        assertTrue(err.toString().contains(out + " holds the report of other runs (see its runs.txt)"), err.toString());
        assertEquals(first, Files.readString(Path.of(out, "results.md")));
        assertEquals(0, satin("report", a.toString(), "--out", out), "the same runs again: " + err);
        assertEquals(2, Files.readAllLines(Path.of(out, "runs.txt")).size());
    }
}
