package satin.deploy.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The report's figures, each written as PNG and SVG from one drawing: run times as seed 004's
 * Figure 4, WAN messages per second as its Figure 5, and a run's occupancy as seed 001 reads it.
 */
public final class Charts {

    private Charts() {
    }

    /**
     * Per workload, a group of bars per balancer: the speedup over the sequential program when its
     * time is known for every run, else how many times faster than one cluster when every balancer
     * run on several clusters was also run on one, else the run time.
     */
    public static List<Path> runtime(Comparison c, Path directory) throws IOException {
        List<BarChart.Panel> panels = new ArrayList<>();
        for (String w : c.workloads()) {
            panels.add(runtimePanel(c, w));
        }
        BarChart chart = new BarChart("Run time by load balancer and WAN setting (medians over repetitions)", panels,
                false);
        return both(chart.width(), chart.height(), chart::draw, directory, "runtime");
    }

    private static BarChart.Panel runtimePanel(Comparison c, String w) {
        List<RunData> runs = c.runs(w);
        boolean sequential = runs.stream().allMatch(r -> r.sequentialSeconds() != null);
        boolean relative = !sequential && runs.stream().anyMatch(r -> r.clusters() > 1)
                && runs.stream().filter(r -> r.clusters() > 1).noneMatch(r -> Double.isNaN(c.versusOneCluster(r)));
        List<String> balancers = c.balancers(w);
        List<String> confs = c.configurations(w);
        double[][] v = new double[balancers.size()][confs.size()];
        for (int b = 0; b < balancers.size(); b++) {
            for (int k = 0; k < confs.size(); k++) {
                String bal = balancers.get(b);
                String conf = confs.get(k);
                v[b][k] = sequential ? c.speedup(w, bal, conf)
                        : relative ? c.versusOneCluster(w, bal, conf)
                        : c.median(w, bal, conf, RunData::runSeconds);
            }
        }
        String label = sequential ? "speedup over the sequential program"
                : relative ? "times faster than 1 cluster (1-cluster time / time)" : "run time (s)";
        return new BarChart.Panel(panelTitle(runs, w), balancers, confs, v, label, relative ? 1 : Double.NaN);
    }

    /** Per workload run on several clusters, the WAN messages sent per second by all nodes together. */
    public static List<Path> wanMessages(Comparison c, Path directory) throws IOException {
        List<BarChart.Panel> panels = new ArrayList<>();
        for (String w : c.workloads()) {
            List<RunData> runs = c.runs(w);
            List<String> confs = runs.stream().filter(r -> r.clusters() > 1).map(c::configuration).distinct()
                    .toList();
            confs = c.configurations(w).stream().filter(confs::contains).toList();
            if (confs.isEmpty()) {
                continue;
            }
            List<String> balancers = c.balancers(w);
            double[][] v = new double[balancers.size()][confs.size()];
            for (int b = 0; b < balancers.size(); b++) {
                for (int k = 0; k < confs.size(); k++) {
                    v[b][k] = c.median(w, balancers.get(b), confs.get(k), RunData::wanMessagesPerSecond);
                }
            }
            panels.add(new BarChart.Panel(panelTitle(runs, w), balancers, confs, v, "WAN messages per second",
                    Double.NaN));
        }
        BarChart chart = new BarChart("Inter-cluster (WAN) messages sent per second, all nodes together (medians)",
                panels, true);
        return both(chart.width(), chart.height(), chart::draw, directory, "wan-messages");
    }

    /** The occupancy of one run over time, as {@code occupancy-NAME.png} and {@code .svg}. */
    public static List<Path> occupancy(RunData run, String name, Path directory) throws IOException {
        OccupancyChart chart = new OccupancyChart(run);
        return both(OccupancyChart.WIDTH, OccupancyChart.HEIGHT, chart::draw, directory, "occupancy-" + name);
    }

    private static String panelTitle(List<RunData> runs, String w) {
        List<Integer> sizes = runs.stream().map(RunData::nodes).distinct().toList();
        return sizes.size() == 1 ? w + " (" + sizes.get(0) + " nodes)" : w;
    }

    private static List<Path> both(int width, int height, Consumer<Canvas> draw, Path directory, String base)
            throws IOException {
        PngCanvas png = new PngCanvas(width, height);
        draw.accept(png);
        Path pngFile = directory.resolve(base + ".png");
        png.write(pngFile);
        SvgCanvas svg = new SvgCanvas(width, height);
        draw.accept(svg);
        Path svgFile = directory.resolve(base + ".svg");
        svg.write(svgFile);
        return List.of(pngFile, svgFile);
    }
}
