package satin.deploy.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Grouped bars in panels, as van Nieuwpoort et al.'s Figures 4 and 5: one panel per workload, one group per
 * balancer, one bar per configuration, one legend for all panels. A linear axis from zero, or a
 * logarithmic one when the values span a wide range.
 */
final class BarChart {

    /** Colors of the configurations; the first, for one cluster, is pale as the paper's white bar. */
    static final Color[] PALETTE = {new Color(0xe6e6e6), new Color(0x4e79a7), new Color(0xf28e2b),
        new Color(0xe15759), new Color(0x59a14f), new Color(0x76b7b2), new Color(0xedc948), new Color(0xb07aa1),
        new Color(0x9c755f)};
    static final Color INK = new Color(0x222222);
    static final Color GRID = new Color(0xdddddd);

    static final int PANEL_W = 600;
    static final int MIN_W = 840;
    static final int PANEL_H = 330;
    static final int TITLE_H = 40;
    /** The size of a group's label when it fits in one line. */
    private static final double GROUP_FONT = 13;
    static final int LEGEND_ROW = 22;

    /**
     * One panel: bars of {@code values[group][series]} (NaN: no run), whiskers from {@code low} to
     * {@code high} of the same shape (NaN: none), an axis label with units, and a dashed reference
     * line at {@code reference} unless NaN, and what the groups along the bottom are.
     */
    record Panel(String title, List<String> groups, List<String> series, double[][] values, double[][] low,
            double[][] high, String yLabel, double reference, String groupsLabel) {
    }

    private final String title;
    private final List<Panel> panels;
    private final List<String> legend;
    private final boolean log;
    private final int columns;
    private final int legendRows;

    BarChart(String title, List<Panel> panels, boolean logIfWide) {
        this.title = title;
        this.panels = List.copyOf(panels);
        LinkedHashSet<String> all = new LinkedHashSet<>();
        panels.forEach(p -> all.addAll(p.series()));
        this.legend = new ArrayList<>(all);
        this.log = logIfWide && wide();
        this.columns = Math.max(1, Math.min(2, panels.size()));
        this.legendRows = legendPlaces().isEmpty() ? 1 : (int) legendPlaces().get(legendPlaces().size() - 1)[1] + 1;
    }

    int width() {
        return Math.max(MIN_W, columns * PANEL_W);
    }

    private double panelWidth() {
        return width() / (double) columns;
    }

    /**
     * Where each legend entry goes, as {x, row}: entries flow left to right and wrap. Laid out with
     * an estimate of text widths rather than the canvas's, so PNG and SVG have the same size.
     */
    private List<double[]> legendPlaces() {
        List<double[]> places = new ArrayList<>();
        double x = 20;
        int row = 0;
        for (String s : legend) {
            double w = 20 + estimate(s, 12) + 28;
            if (x + w > width() - 10 && x > 20) {
                x = 20;
                row++;
            }
            places.add(new double[] {x, row});
            x += w;
        }
        return places;
    }

    /** A generous width of {@code text} in a sans-serif font of {@code size} pixels. */
    static double estimate(String text, double size) {
        return text.length() * size * 0.6;
    }

    /**
     * A group's label as it is drawn: one line if it fits {@code width} at {@code size}, else two
     * that fit at {@code smallest}, broken after a comma (between a balancer's options), else a
     * colon, else a space; if none fits, wherever the wider line is narrowest. In a group of 124
     * pixels, "RS:victims=distance:1,chunk=half" on one line overlapped its neighbours' labels.
     */
    static List<String> lines(String label, double size, double smallest, double width) {
        if (estimate(label, size) <= width) {
            return List.of(label);
        }
        for (String breaks : List.of(",", ":", " ")) {
            int at = narrowestBreak(label, breaks, smallest);
            if (at > 0 && widerLine(label, at, smallest) <= width) {
                return split(label, at);
            }
        }
        int at = narrowestBreak(label, ", :", smallest);
        return at > 0 ? split(label, at) : List.of(label);
    }

    /** Where, after one of {@code breaks}, splitting {@code label} makes its wider line narrowest; -1 if nowhere. */
    private static int narrowestBreak(String label, String breaks, double size) {
        int best = -1;
        for (int i = 1; i < label.length(); i++) {
            if (breaks.indexOf(label.charAt(i - 1)) >= 0
                    && (best < 0 || widerLine(label, i, size) < widerLine(label, best, size))) {
                best = i;
            }
        }
        return best;
    }

    /** The wider of the two lines {@code label} splits into at {@code at}, as {@link #fit} reckons width. */
    private static double widerLine(String label, int at, double size) {
        return split(label, at).stream().mapToDouble(l -> estimate(l, size) * 0.9).max().orElse(0);
    }

    private static List<String> split(String label, int at) {
        return List.of(label.substring(0, at).strip(), label.substring(at).strip());
    }

    /** One size for every group's label of a panel: the largest at which each line fits, 11 at most if one takes two. */
    private static double groupLabelSize(Canvas c, List<List<String>> groupLines, double width) {
        boolean wrapped = groupLines.stream().anyMatch(l -> l.size() > 1);
        return groupLines.stream().flatMap(List::stream).mapToDouble(l -> fit(c, l, wrapped ? 11 : GROUP_FONT, width))
                .min().orElse(GROUP_FONT);
    }

    /** The largest size up to {@code size} at which {@code text} fits {@code width}. */
    static double fit(Canvas c, String text, double size, double width) {
        double s = size;
        while (s > 8 && Math.max(c.textWidth(text, s), estimate(text, s) * 0.9) > width) {
            s -= 0.5;
        }
        return s;
    }

    int height() {
        int rows = (panels.size() + columns - 1) / columns;
        return TITLE_H + legendRows * LEGEND_ROW + 10 + Math.max(1, rows) * PANEL_H;
    }

    boolean logarithmic() {
        return log;
    }

    /** Whether the positive values span more than a factor 50: then a linear axis hides the small ones. */
    private boolean wide() {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Panel p : panels) {
            for (double[] g : p.values()) {
                for (double v : g) {
                    if (v > 0) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
        }
        return max > 0 && max / min > 50;
    }

    void draw(Canvas c) {
        c.text(width() / 2.0, 26, title, fit(c, title, 17, width() - 20), INK, Canvas.Anchor.MIDDLE, true, false);
        drawLegend(c);
        double top = TITLE_H + legendRows * LEGEND_ROW + 10;
        for (int i = 0; i < panels.size(); i++) {
            drawPanel(c, panels.get(i), (i % columns) * panelWidth(), top + (i / columns) * PANEL_H);
        }
        if (panels.isEmpty()) {
            c.text(width() / 2.0, top + PANEL_H / 2.0, "no runs", 14, INK, Canvas.Anchor.MIDDLE, false, false);
        }
    }

    private void drawLegend(Canvas c) {
        List<double[]> places = legendPlaces();
        for (int i = 0; i < legend.size(); i++) {
            double x = places.get(i)[0];
            double y = TITLE_H + places.get(i)[1] * LEGEND_ROW;
            c.rect(x, y, 14, 14, color(legend.get(i)), INK);
            c.text(x + 20, y + 12, legend.get(i), 12, INK, Canvas.Anchor.START, false, false);
        }
    }

    /** Single-cluster bars are pale, as the paper's white bar; the others take the colors after it. */
    private Color color(String series) {
        if (series.endsWith("1 cluster")) {
            return PALETTE[0];
        }
        int k = (int) legend.stream().limit(legend.indexOf(series)).filter(s -> !s.endsWith("1 cluster")).count();
        return PALETTE[1 + k % (PALETTE.length - 1)];
    }

    private void drawPanel(Canvas c, Panel p, double x0, double y0) {
        double left = x0 + 75;
        double right = x0 + panelWidth() - 20;
        double top = y0 + 32;
        double bottom = y0 + PANEL_H - 52; // room for group labels of two lines, and what the groups are
        c.text((left + right) / 2, y0 + 20, p.title(), fit(c, p.title(), 14, right - left), INK, Canvas.Anchor.MIDDLE,
                true, false);
        Axis axis = axis(p);
        for (double t : axis.ticks) {
            double y = axis.y(t, top, bottom);
            c.line(left, y, right, y, GRID, 1, false);
            c.text(left - 6, y + 4, label(t), 11, INK, Canvas.Anchor.END, false, false);
        }
        c.text(x0 + 18, (top + bottom) / 2, p.yLabel() + (log ? " (log scale)" : ""), 12, INK, Canvas.Anchor.MIDDLE,
                false, true);
        double groupW = (right - left) / Math.max(1, p.groups().size());
        double barW = groupW * 0.8 / Math.max(1, p.series().size());
        boolean labels = barW >= 26; // narrower bars have no room for their numbers
        List<List<String>> groupLines = p.groups().stream().map(l -> lines(l, GROUP_FONT, 9, groupW - 4)).toList();
        double groupSize = groupLabelSize(c, groupLines, groupW - 4);
        for (int g = 0; g < p.groups().size(); g++) {
            double gx = left + g * groupW + groupW * 0.1;
            for (int s = 0; s < p.series().size(); s++) {
                bar(c, p.values()[g][s], p.high()[g][s], gx + s * barW, barW, axis, top, bottom,
                        color(p.series().get(s)), labels);
                whisker(c, p.low()[g][s], p.high()[g][s], gx + (s + 0.5) * barW, barW, axis, top, bottom);
            }
            List<String> lines = groupLines.get(g);
            for (int k = 0; k < lines.size(); k++) {
                c.text(left + (g + 0.5) * groupW, bottom + 17 + k * (groupSize + 2), lines.get(k), groupSize, INK,
                        Canvas.Anchor.MIDDLE, true, false);
            }
        }
        c.text((left + right) / 2, bottom + 46, p.groupsLabel(), 12, INK, Canvas.Anchor.MIDDLE, false, false);
        if (!Double.isNaN(p.reference())) {
            double y = axis.y(p.reference(), top, bottom);
            c.line(left, y, right, y, INK, 1.2, true);
        }
        c.line(left, top, left, bottom, INK, 1, false);
        c.line(left, bottom, right, bottom, INK, 1, false);
    }

    /** A bar, its number above it or above its whisker's top ({@code high}) when there is one. */
    private void bar(Canvas c, double v, double high, double x, double w, Axis axis, double top, double bottom,
            Color color, boolean labels) {
        if (Double.isNaN(v)) {
            return;
        }
        double y = v > 0 || !log ? axis.y(v, top, bottom) : bottom;
        if (v > 0 || !log) {
            c.rect(x, y, w, bottom - y, color, INK);
        }
        if (labels) {
            double above = Double.isNaN(high) || (log && high <= 0) ? y : Math.min(y, axis.y(high, top, bottom));
            c.text(x + w / 2, above - 3, label(v), 9, INK, Canvas.Anchor.MIDDLE, false, false);
        }
    }

    /** The range of a bar's runs: a vertical line with caps a third of the bar wide. */
    private void whisker(Canvas c, double low, double high, double x, double barW, Axis axis, double top,
            double bottom) {
        if (Double.isNaN(low) || Double.isNaN(high) || (log && low <= 0)) {
            return;
        }
        double y0 = axis.y(low, top, bottom);
        double y1 = axis.y(high, top, bottom);
        double cap = barW / 6;
        c.line(x, y0, x, y1, INK, 1.2, false);
        c.line(x - cap, y0, x + cap, y0, INK, 1.2, false);
        c.line(x - cap, y1, x + cap, y1, INK, 1.2, false);
    }

    /** Ticks and mapping of values to heights. */
    private record Axis(double lo, double hi, boolean log, List<Double> ticks) {

        double y(double v, double top, double bottom) {
            double f = log ? (Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
                    : (v - lo) / (hi - lo);
            return bottom - Math.max(0, Math.min(1, f)) * (bottom - top);
        }
    }

    private Axis axis(Panel p) {
        double max = 0;
        double min = Double.MAX_VALUE;
        for (double[][] values : List.of(p.values(), p.high())) {
            for (double[] g : values) {
                for (double v : g) {
                    if (v > 0) {
                        max = Math.max(max, v);
                        min = Math.min(min, v);
                    }
                }
            }
        }
        if (!Double.isNaN(p.reference())) {
            max = Math.max(max, p.reference());
        }
        if (max <= 0) {
            return new Axis(0, 1, false, List.of(0.0, 0.5, 1.0));
        }
        if (log) {
            double lo = Math.pow(10, Math.floor(Math.log10(min)));
            double hi = Math.pow(10, Math.ceil(Math.log10(max * 1.05)));
            List<Double> ticks = new ArrayList<>();
            for (double t = lo; t <= hi * 1.0001; t *= 10) {
                ticks.add(t);
            }
            return new Axis(lo, hi, true, ticks);
        }
        double step = niceStep(max * 1.1 / 5);
        double hi = Math.ceil(max * 1.1 / step) * step;
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i * step <= hi + step / 1e6; i++) {
            ticks.add(i * step);
        }
        return new Axis(0, hi, false, ticks);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    static String label(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v).replaceAll("\\.0$", "");
        }
        if (a >= 0.1) {
            return String.format(Locale.ROOT, "%.2f", v).replaceAll("0$", "").replaceAll("\\.0$", "");
        }
        return String.format(Locale.ROOT, "%.2g", v);
    }
}
