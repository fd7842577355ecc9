package satin.deploy.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** A chart written as SVG text, element by element, for pages and papers that scale it. */
final class SvgCanvas implements Canvas {

    private final StringBuilder b = new StringBuilder();
    private final int width;
    private final int height;

    SvgCanvas(int width, int height) {
        this.width = width;
        this.height = height;
        rect(0, 0, width, height, Color.WHITE, null);
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
        b.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"%s/>%n",
                x, y, w, h, fill == null ? "none" : hex(fill), stroke == null ? "" : " stroke=\"" + hex(stroke) + "\""));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        b.append(String.format(Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", x1, y1,
                x2, y2, hex(color), width, dashed ? " stroke-dasharray=\"5 4\"" : ""));
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color fill) {
        b.append("<polygon points=\"").append(points(xs, ys)).append("\" fill=\"").append(hex(fill))
                .append("\"/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width) {
        b.append("<polyline points=\"").append(points(xs, ys)).append("\" fill=\"none\" stroke=\"").append(hex(color))
                .append(String.format(Locale.ROOT, "\" stroke-width=\"%.1f\"/>%n", width));
    }

    private static String points(double[] xs, double[] ys) {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            p.append(String.format(Locale.ROOT, i == 0 ? "%.1f,%.1f" : " %.1f,%.1f", xs[i], ys[i]));
        }
        return p.toString();
    }

    @Override
    public void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold,
            boolean vertical) {
        String a = anchor == Anchor.START ? "start" : anchor == Anchor.MIDDLE ? "middle" : "end";
        b.append(String.format(Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"%.1f\" fill=\"%s\" text-anchor=\"%s\"%s%s>",
                x, y, size, hex(color), a, bold ? " font-weight=\"bold\"" : "",
                vertical ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", x, y) : ""));
        b.append(escape(text)).append("</text>\n");
    }

    @Override
    public double textWidth(String text, double size) {
        return text.length() * size * 0.55; // an average sans-serif glyph; close enough to keep clear of edges
    }

    @Override
    public void write(Path file) throws IOException {
        String doc = String.format(Locale.ROOT, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n", width,
                height, width, height) + b + "</svg>\n";
        Files.writeString(file, doc, StandardCharsets.UTF_8);
    }

    private static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    static String escape(String s) {
        StringBuilder e = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> e.append("&lt;");
                case '>' -> e.append("&gt;");
                case '&' -> e.append("&amp;");
                case '"' -> e.append("&quot;");
                default -> {
                    if (c >= 0x20 || c == '\t' || c == '\n') {
                        e.append(c);
                    }
                }
            }
        }
        return e.toString();
    }
}
