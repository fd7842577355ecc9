package satin.deploy.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The report's figures, each written as PNG and SVG from one drawing: run times as van Nieuwpoort et al.'s
 * Figure 4, WAN messages per second as its Figure 5, and a run's occupancy as Perarnau and Sato (victim selection) reads it.
 */
public final class Charts {

    private Charts() {
    }

    /** What the run-time figure shows: one quantity for all its panels, named in its title. */
    enum Quantity {
        SPEEDUP("Speedup over the sequential program", "speedup over the sequential program"),
        VERSUS_ONE_CLUSTER("Speed relative to the same balancer on 1 cluster",
                "times faster than 1 cluster (1-cluster time / time)"),
        RUN_TIME("Run time by balancer and WAN setting", "run time (s)");

        final String title;
        final String axis;

        Quantity(String title, String axis) {
            this.title = title;
            this.axis = axis;
        }

        /**
         * The speedup when the sequential time is known for every run, else how many times faster
         * than one cluster when every workload ran on several clusters and every such run has its
         * single-cluster run, else the run time.
         */
        static Quantity of(Comparison c) {
            List<RunData> runs = c.workloads().stream().flatMap(w -> c.runs(w).stream()).toList();
            if (!runs.isEmpty() && runs.stream().allMatch(r -> r.sequentialSeconds() != null)) {
                return SPEEDUP;
            }
            boolean relative = c.workloads().stream().allMatch(w -> c.runs(w).stream().anyMatch(r -> r.clusters() > 1))
                    && runs.stream().filter(r -> r.clusters() > 1).noneMatch(r -> Double.isNaN(c.versusOneCluster(r)));
            return relative && !runs.isEmpty() ? VERSUS_ONE_CLUSTER : RUN_TIME;
        }

        Spread of(Comparison c, String w, String bal, String conf) {
            return switch (this) {
                case SPEEDUP -> Spread.ratio(Spread.of(new double[] {c.median(w, bal, conf,
                        r -> r.sequentialSeconds())}), c.spread(w, bal, conf, RunData::runSeconds));
                case VERSUS_ONE_CLUSTER -> oneCluster(c, w, bal, conf)
                        ? Spread.of(new double[] {c.versusOneCluster(w, bal, conf)}) // 1 by construction: no range
                        : c.versusOneClusterSpread(w, bal, conf);
                case RUN_TIME -> c.spread(w, bal, conf, RunData::runSeconds);
            };
        }
    }

    private static boolean oneCluster(Comparison c, String w, String bal, String conf) {
        return c.cell(w, bal, conf).stream().allMatch(r -> r.clusters() == 1);
    }

    /** Per workload, a group of bars per balancer, one bar per configuration: medians, whiskers from min to max. */
    public static List<Path> runtime(Comparison c, Path directory) throws IOException {
        Quantity q = Quantity.of(c);
        List<BarChart.Panel> panels = new ArrayList<>();
        for (String w : c.workloads()) {
            panels.add(panel(c, w, c.configurations(w), q.axis, q == Quantity.VERSUS_ONE_CLUSTER ? 1 : Double.NaN,
                    (bal, conf) -> q.of(c, w, bal, conf)));
        }
        BarChart chart = new BarChart(q.title + " (medians; whiskers: min-max)",
                panels, false);
        return both(chart.width(), chart.height(), chart::draw, directory, "runtime");
    }

    private static BarChart.Panel panel(Comparison c, String w, List<String> confs, String label, double reference,
            BiFunction<String, String, Spread> value) {
        return Bars.of(panelTitle(c.runs(w), w), c.balancers(w), confs, value, label, reference).panel();
    }

    /** Per workload run on several clusters, the WAN messages sent per second by all nodes together. */
    public static List<Path> wanMessages(Comparison c, Path directory) throws IOException {
        List<BarChart.Panel> panels = new ArrayList<>();
        for (String w : c.workloads()) {
            List<RunData> runs = c.runs(w);
            List<String> confs = runs.stream().filter(r -> r.clusters() > 1).map(c::configuration).distinct()
                    .toList();
            confs = c.configurations(w).stream().filter(confs::contains).toList();
            if (!confs.isEmpty()) {
                panels.add(panel(c, w, confs, "WAN messages per second", Double.NaN,
                        (bal, conf) -> c.spread(w, bal, conf, RunData::wanMessagesPerSecond)));
            }
        }
        BarChart chart = new BarChart("WAN messages per second, all nodes together (medians; whiskers: min-max)",
                panels, true);
        return both(chart.width(), chart.height(), chart::draw, directory, "wan-messages");
    }

    /**
     * One panel of grouped bars for a figure that is not a comparison's (a paper's reproduction):
     * {@code median[group][series]}, whiskers from {@code low} to {@code high} (NaN: none), a dashed
     * line at {@code reference} unless NaN.
     */
    public record Bars(String title, List<String> groups, List<String> series, double[][] median, double[][] low,
            double[][] high, String yLabel, double reference, String groupsLabel) {

        /** Bars whose groups are load balancers, as most figures' are. */
        public Bars(String title, List<String> groups, List<String> series, double[][] median, double[][] low,
                double[][] high, String yLabel, double reference) {
            this(title, groups, series, median, low, high, yLabel, reference, "load balancer");
        }

        /** The spreads {@code value(group, series)}: their medians, whiskers where a spread has more than one run. */
        public static Bars of(String title, List<String> groups, List<String> series,
                BiFunction<String, String, Spread> value, String yLabel, double reference) {
            double[][][] v = new double[3][groups.size()][series.size()];
            for (int g = 0; g < groups.size(); g++) {
                for (int k = 0; k < series.size(); k++) {
                    Spread s = value.apply(groups.get(g), series.get(k));
                    v[0][g][k] = s.median();
                    v[1][g][k] = s.n() > 1 ? s.min() : Double.NaN;
                    v[2][g][k] = s.n() > 1 ? s.max() : Double.NaN;
                }
            }
            return new Bars(title, groups, series, v[0], v[1], v[2], yLabel, reference);
        }

        BarChart.Panel panel() {
            return new BarChart.Panel(title, groups, series, median, low, high, yLabel, reference, groupsLabel);
        }
    }

    /** Panels of grouped bars as {@code BASE.png} and {@code .svg}, on a logarithmic axis if {@code logIfWide} and the values span a wide range. */
    public static List<Path> bars(String title, List<Bars> panels, boolean logIfWide, Path directory, String base)
            throws IOException {
        List<BarChart.Panel> p = panels.stream().map(Bars::panel).toList();
        BarChart chart = new BarChart(title, p, logIfWide);
        return both(chart.width(), chart.height(), chart::draw, directory, base);
    }

    /** The occupancy of one run over time, as {@code NAME.png} and {@code .svg}. */
    public static List<Path> occupancy(RunData run, String name, Path directory) throws IOException {
        OccupancyChart chart = new OccupancyChart(run);
        return both(OccupancyChart.WIDTH, OccupancyChart.HEIGHT, chart::draw, directory, name);
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
