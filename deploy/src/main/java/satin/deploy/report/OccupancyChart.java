package satin.deploy.report;

import java.awt.Color;
import java.util.Locale;

/**
 * A run's occupancy over time as Perarnau and Sato (victim selection) reads it: the fraction of nodes busy as a filled step
 * line, the starting latency (until every node was first busy) and the ending latency (from the
 * first node going idle for good to the end) shaded and labelled. When not every node was ever
 * busy at once, the latencies are those of the highest occupancy reached, and the chart says so.
 */
final class OccupancyChart {

    static final int WIDTH = 900;
    static final int HEIGHT = 500;
    private static final Color FILL = new Color(0x4e79a7);
    private static final Color LINE = new Color(0x2a4a6e);
    private static final Color START = new Color(0xf28e2b);
    private static final Color END = new Color(0xe15759);

    private final RunData run;
    private final Occupancy o;

    OccupancyChart(RunData run) {
        this.run = run;
        this.o = Occupancy.of(run.traces(), run.nodes());
    }

    /** The occupancy level whose latencies are marked: all nodes if reached, else the highest reached. */
    double level() {
        return o.maxOccupancy() >= 1 ? 1 : o.maxOccupancy();
    }

    void draw(Canvas c) {
        double left = 70;
        double right = WIDTH - 30;
        double top = 112;
        double bottom = HEIGHT - 60;
        String title = String.format(Locale.ROOT, "%s%s: balancer %s, %s, %d nodes", failed() ? "FAILED (exit "
                + run.exitCode() + ") " : "", run.workload(), run.balancer(),
                run.clusters() == 1 ? "1 cluster" : run.clusters() + " clusters, WAN " + run.wan(), run.nodes());
        c.text(WIDTH / 2.0, 24, title, BarChart.fit(c, title, 16, WIDTH - 20), BarChart.INK, Canvas.Anchor.MIDDLE,
                true, false);
        String subtitle = String.format(Locale.ROOT, "nodes busy over time, run %s: run time %.3f s, mean occupancy"
                + " %.0f%% of %.3f s from the first node busy to the last idle", run.name(), run.runSeconds(),
                100 * o.meanOccupancy(), o.duration()) + stillBusy();
        c.text(WIDTH / 2.0, 44, subtitle, BarChart.fit(c, subtitle, 12, WIDTH - 20), BarChart.INK,
                Canvas.Anchor.MIDDLE, false, false);
        double d = o.duration() > 0 ? o.duration() : 1;
        double step = BarChart.niceStep(d / 8);
        double hi = Math.ceil(d / step) * step;
        for (int i = 0; i * step <= hi + step / 1e6; i++) {
            double x = left + i * step / hi * (right - left);
            c.line(x, top, x, bottom, BarChart.GRID, 1, false);
            c.text(x, bottom + 16, BarChart.label(i * step), 11, BarChart.INK, Canvas.Anchor.MIDDLE, false, false);
        }
        for (int i = 0; i <= 4; i++) {
            double y = bottom - i / 4.0 * (bottom - top);
            c.line(left, y, right, y, BarChart.GRID, 1, false);
            c.text(left - 6, y + 4, (i * 25) + "%", 11, BarChart.INK, Canvas.Anchor.END, false, false);
        }
        latencies(c, left, right, top, bottom, hi);
        steps(c, left, right, top, bottom, hi);
        c.line(left, top, left, bottom, BarChart.INK, 1, false);
        c.line(left, bottom, right, bottom, BarChart.INK, 1, false);
        c.text((left + right) / 2, bottom + 36, "time since the first node became busy (s)", 12, BarChart.INK,
                Canvas.Anchor.MIDDLE, false, false);
        c.text(22, (top + bottom) / 2, "nodes busy (% of " + o.nodes() + ")", 12, BarChart.INK, Canvas.Anchor.MIDDLE,
                false, true);
        legend(c, left, 58);
    }

    private boolean failed() {
        return run.exitCode() != null && run.exitCode() != 0;
    }

    /** Nodes whose traces end busy: the chart ends with them at their last transition, and says so. */
    private String stillBusy() {
        int[] busy = o.busy();
        int last = busy.length == 0 ? 0 : busy[busy.length - 1];
        return last == 0 ? "" : last == 1 ? "; 1 node still busy where its trace ends"
                : "; " + last + " nodes still busy where their traces end";
    }

    /** Traces with more steps than the plot has pixels are drawn as the mean per pixel column. */
    static final int DENSE = 2000;

    private void steps(Canvas c, double left, double right, double top, double bottom, double hi) {
        double[] t = o.times();
        int[] busy = o.busy();
        if (t.length == 0) {
            c.text((left + right) / 2, (top + bottom) / 2, "no activity recorded", 14, BarChart.INK,
                    Canvas.Anchor.MIDDLE, false, false);
            return;
        }
        double[] levels;
        if (t.length > DENSE) {
            int bins = (int) (right - left);
            levels = o.binnedMeans(bins, hi);
            t = new double[bins];
            for (int b = 0; b < bins; b++) {
                t[b] = b * hi / bins;
            }
        } else {
            levels = java.util.Arrays.stream(busy).asDoubleStream().toArray();
        }
        int n = t.length;
        double[] xs = new double[2 * n + 1];
        double[] ys = new double[2 * n + 1];
        xs[0] = left;
        ys[0] = bottom;
        for (int i = 0; i < n; i++) {
            double x = left + t[i] / hi * (right - left);
            double y = bottom - levels[i] / Math.max(1, o.nodes()) * (bottom - top);
            xs[2 * i + 1] = x;
            ys[2 * i + 1] = i == 0 ? bottom : ys[2 * i];
            xs[2 * i + 2] = x;
            ys[2 * i + 2] = y;
        }
        // the area closed straight down where the trace ends: closing it back to the origin would
        // draw a wedge of nodes going idle gradually that no trace recorded
        double[] px = java.util.Arrays.copyOf(xs, xs.length + 1);
        double[] py = java.util.Arrays.copyOf(ys, ys.length + 1);
        px[xs.length] = xs[xs.length - 1];
        py[ys.length] = bottom;
        c.polygon(px, py, blend(FILL, 0.45));
        c.polyline(xs, ys, LINE, 1.5);
    }

    /** Shades the starting and ending latencies; dashed lines where they end and at the level marked. */
    private void latencies(Canvas c, double left, double right, double top, double bottom, double hi) {
        double level = level();
        double sl = o.startingLatency(level);
        double el = o.endingLatency(level);
        if (Double.isNaN(sl) || level <= 0) {
            return;
        }
        double scale = (right - left) / hi;
        double xs = left + sl * scale;
        double xe = left + (o.duration() - el) * scale;
        c.rect(left, top, xs - left, bottom - top, blend(START, 0.2), null);
        c.rect(xe, top, left + o.duration() * scale - xe, bottom - top, blend(END, 0.2), null);
        c.line(xs, top, xs, bottom, START, 2, true);
        c.line(xe, top, xe, bottom, END, 2, true);
        double yl = bottom - level * (bottom - top);
        c.line(left, yl, right, yl, BarChart.INK, 1, true);
    }

    private String startLabel() {
        double sl = o.startingLatency(level());
        if (Double.isNaN(sl) || level() <= 0) {
            return "starting latency: no node was ever busy";
        }
        return String.format(Locale.ROOT, "starting latency: %.3f s (%.1f%% of the time) until %s", sl,
                100 * sl / o.duration(), levelName());
    }

    private String endLabel() {
        double el = o.endingLatency(level());
        if (Double.isNaN(el) || level() <= 0) {
            return "ending latency: no node was ever busy";
        }
        return String.format(Locale.ROOT, "ending latency: %.3f s (%.1f%% of the time) from %s to the end", el,
                100 * el / o.duration(), level() >= 1 ? "the first node idle for good"
                        : "the last time the highest occupancy held");
    }

    private String levelName() {
        return level() >= 1 ? "all nodes were busy"
                : String.format(Locale.ROOT, "the highest occupancy, %.0f%% (never all nodes busy)", level() * 100);
    }

    private void legend(Canvas c, double x, double y) {
        c.rect(x, y, 14, 12, blend(FILL, 0.45), LINE);
        c.text(x + 20, y + 11, o.times().length > DENSE ? "nodes busy (mean per pixel)" : "nodes busy", 12,
                BarChart.INK, Canvas.Anchor.START, false, false);
        c.line(x + 200, y + 6, x + 225, y + 6, BarChart.INK, 1, true);
        c.text(x + 230, y + 11, "occupancy level of the latencies", 12, BarChart.INK, Canvas.Anchor.START, false,
                false);
        c.rect(x, y + 18, 14, 12, blend(START, 0.2), START);
        c.text(x + 20, y + 29, startLabel(), 12, START.darker().darker(), Canvas.Anchor.START, false, false);
        c.rect(x, y + 36, 14, 12, blend(END, 0.2), END);
        c.text(x + 20, y + 47, endLabel(), 12, END.darker().darker(), Canvas.Anchor.START, false, false);
    }

    /** {@code color} mixed with white: opaque, so PNG and SVG look the same without alpha. */
    private static Color blend(Color color, double amount) {
        return new Color((int) (255 - (255 - color.getRed()) * amount), (int) (255 - (255 - color.getGreen()) * amount),
                (int) (255 - (255 - color.getBlue()) * amount));
    }
}
