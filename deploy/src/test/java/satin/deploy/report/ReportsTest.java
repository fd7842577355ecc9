package satin.deploy.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ReportsTest {

    @TempDir
    Path root;

    @Test
    void writesTablesAndEveryChartAsPngAndSvg() throws Exception {
        SyntheticRuns.comparison(root.resolve("runs"));
        Path out = root.resolve("out");
        // runs made alone, gathered on purpose: the report pools them only when asked (InvocationsTest)
        List<Path> files = Reports.write(List.of(root.resolve("runs")), out, true);
        List<String> names = files.stream().map(p -> p.getFileName().toString()).toList();
        String rs2x2 = "occupancy-fib_30-RS-2_clusters_WAN_10ms_1MB_s-rep1";
        assertEquals(List.of("results.csv", "results.md", "round-trips.md", "runtime.png", "runtime.svg", "wan-messages.png",
                "wan-messages.svg", "occupancy-fib-CRS-1_cluster-rep1.png", "occupancy-fib-CRS-1_cluster-rep1.svg",
                "occupancy-fib_30-CRS-2_clusters_WAN_10ms_1MB_s-rep1.png",
                "occupancy-fib_30-CRS-2_clusters_WAN_10ms_1MB_s-rep1.svg", "occupancy-fib_30-RS-1_cluster-rep1.png",
                "occupancy-fib_30-RS-1_cluster-rep1.svg", "occupancy-fib_30-RS-1_cluster-rep2.png",
                "occupancy-fib_30-RS-1_cluster-rep2.svg", rs2x2 + ".png", rs2x2 + ".svg",
                "trace-fib-CRS-1_cluster-rep1.json", "trace-fib_30-CRS-2_clusters_WAN_10ms_1MB_s-rep1.json",
                "trace-fib_30-RS-1_cluster-rep1.json", "trace-fib_30-RS-1_cluster-rep2.json",
                "trace-fib_30-RS-2_clusters_WAN_10ms_1MB_s-rep1.json"), names, "a timeline per run, named as its chart");
        assertTrue(Files.readString(out.resolve("results.md")).contains("- fib 30, RS, 2 clusters, WAN 10ms/1MB/s,"
                + " repetition 1: [" + rs2x2 + ".svg](" + rs2x2 + ".svg), [png](" + rs2x2 + ".png)\n"), "linked");
        // two workloads side by side, one legend row: 2 x 600 wide, 40 + 22 + 10 + 330 high
        assertPng(out.resolve("runtime.png"), 1200, 402);
        // only fib 30 ran on several clusters: one panel, at the least width
        assertPng(out.resolve("wan-messages.png"), 840, 402);
        assertPng(out.resolve(rs2x2 + ".png"), 900, 500);
        for (Path f : files) {
            assertTrue(Files.size(f) > 100, f + " is nearly empty");
            if (f.toString().endsWith(".json")) {
                List<java.util.Map<String, Object>> events = TraceFormat.events(f);
                long nodes = events.stream().filter(e -> e.get("name").equals("process_name")).count() - 1;
                assertTrue(nodes >= 2, f + ": a process per node");
                assertEquals(nodes, events.stream().filter(e -> e.get("name").equals("totals")).count(),
                        f + ": a node's totals each");
            }
            if (f.toString().endsWith(".svg")) {
                Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(f.toFile());
                assertEquals("svg", d.getDocumentElement().getTagName(), f.toString());
                assertTrue(d.getElementsByTagName("rect").getLength() > 3, f + " has no bars or areas");
                assertTrue(d.getElementsByTagName("text").getLength() > 5, f + " has no labels");
            }
        }
        String runtime = Files.readString(out.resolve("runtime.svg"));
        // bare fib has neither a sequential time nor several clusters: the figure shows run times in both panels
        assertTrue(runtime.contains(">Run time by balancer and WAN setting (medians; whiskers: min-max)</text>"),
                runtime);
        assertEquals(2, runtime.split(">run time \\(s\\)</text>").length - 1, "both panels' axes");
        assertTrue(!runtime.contains("speedup"), "one quantity per figure");
        String occupancy = Files.readString(out.resolve(rs2x2 + ".svg"));
        assertTrue(occupancy.contains("balancer RS, 2 clusters, WAN 10ms/1MB/s"), "title names balancer and WAN");
        assertTrue(occupancy.contains("starting latency: 0.300 s (30.0% of the time) until all nodes were busy"),
                occupancy);
        assertTrue(occupancy.contains("ending latency: 0.000 s (0.0% of the time) from the first node idle for good"),
                occupancy);
    }

    @Test
    void aDenseTraceIsDrawnPerPixelNotPerTransition() throws Exception {
        long[] times = new long[10_000];
        boolean[] busy = new boolean[times.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 100_000L; // a transition every 0.1 ms for a second
            busy[i] = i % 2 == 0;
        }
        List<NodeTrace> traces = List.of(new NodeTrace("a", 0, times, busy), new NodeTrace("b", 0, times, busy));
        RunData run = new RunData("dense", root, "fib", "30", "RS", "none", 1, 2, 1, 0, 1.0, null, null, null, "", 0,
                java.util.Map.of(), traces, new satin.stats.RoundTripMatrix(), List.of());
        List<Path> files = Charts.occupancy(run, "dense", root);
        assertPng(files.get(0), 900, 500);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(files.get(1).toFile());
        String points = ((org.w3c.dom.Element) d.getElementsByTagName("polyline").item(0)).getAttribute("points");
        int count = points.split(" ").length;
        assertTrue(count <= 2 * 900 + 1, count + " points for a plot under 900 pixels wide");
        assertTrue(Files.readString(files.get(1)).contains("nodes busy (mean per pixel)"));
    }

    @Test
    void aTraceEndingBusyClosesStraightDownAndAFailedRunSaysSo() throws Exception {
        // node a busy from 0 to 0.5 s; node b busy from 0.2 s to where its trace ends, at 1 s, still busy
        List<NodeTrace> traces = List.of(new NodeTrace("a", 0, new long[] {0, 500_000_000L}, new boolean[] {true, false}),
                new NodeTrace("b", 0, new long[] {200_000_000L, 1_000_000_000L}, new boolean[] {true, true}));
        RunData run = new RunData("busy", root, "fib", "30", "RS", "none", 1, 2, 1, 3, 1.0, null, null, null, "", 0,
                java.util.Map.of(), traces, new satin.stats.RoundTripMatrix(), List.of());
        Path svg = Charts.occupancy(run, "busy", root).get(1);
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
        String[] area = ((org.w3c.dom.Element) d.getElementsByTagName("polygon").item(0)).getAttribute("points")
                .split(" ");
        String[] line = ((org.w3c.dom.Element) d.getElementsByTagName("polyline").item(0)).getAttribute("points")
                .split(" ");
        String[] last = area[area.length - 1].split(",");
        String[] lastOfLine = line[line.length - 1].split(",");
        assertEquals(lastOfLine[0], last[0], "the area ends where the trace ends");
        assertEquals(area[0].split(",")[1], last[1], "at the bottom, not back at the origin");
        assertTrue(!lastOfLine[1].equals(last[1]), "the line ends with a node busy");
        String text = Files.readString(svg);
        assertTrue(text.contains(">FAILED (exit 3) fib 30: balancer RS, 1 cluster, 2 nodes</text>"), text);
        assertTrue(text.contains("; 1 node still busy where its trace ends"), text);
    }

    private static void assertPng(Path file, int width, int height) throws IOException {
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(width, image.getWidth(), file.toString());
        assertEquals(height, image.getHeight(), file.toString());
        boolean drawn = false;
        for (int x = 0; x < width && !drawn; x += 3) {
            for (int y = 0; y < height && !drawn; y += 3) {
                drawn = (image.getRGB(x, y) & 0xffffff) != 0xffffff;
            }
        }
        assertTrue(drawn, file + " is blank");
    }

    @Test
    void theCommandWritesBesideASingleDirectoryAndExplainsMistakes() throws IOException {
        Path runs = SyntheticRuns.comparison(root.resolve("runs"));
        java.io.StringWriter err = new java.io.StringWriter();
        java.io.PrintWriter o = new java.io.PrintWriter(new java.io.StringWriter());
        java.io.PrintWriter e = new java.io.PrintWriter(err);
        assertEquals(0, satin(o, e, "report", runs.toString(), "--merge"), err.toString());
        assertTrue(Files.isRegularFile(runs.resolve("report").resolve("results.md")));
        assertEquals(2, satin(o, e, "report"));
        assertEquals(2, satin(o, e, "report", "a", "b"));
        Files.writeString(runs.resolve("bare").resolve(RunReader.STATS), "{\"nodes\": [");
        assertEquals(1, satin(o, e, "report", runs.toString(), "--out", root.resolve("x").toString()));
        assertTrue(err.toString().contains("bare" + java.io.File.separator + "stats.json:1:"), err.toString());
    }

    /** The command as {@code satin report} runs it. */
    private static int satin(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return satin.deploy.cli.SatinCli.execute(args, out, err);
    }
}
