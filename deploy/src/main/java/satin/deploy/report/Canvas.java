package satin.deploy.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The few drawing operations the charts need, so that each chart is drawn once and comes out both
 * as PNG ({@link PngCanvas}, Java2D) and as SVG ({@link SvgCanvas}, written as text). Coordinates
 * are pixels from the top left.
 */
interface Canvas {

    /** Where a text's reference point is: its start, middle or end. */
    enum Anchor { START, MIDDLE, END }

    void rect(double x, double y, double w, double h, Color fill, Color stroke);

    void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed);

    /** A closed polygon filled with {@code fill}. */
    void polygon(double[] xs, double[] ys, Color fill);

    /** An open line through the points. */
    void polyline(double[] xs, double[] ys, Color color, double width);

    /** Text with its baseline at {@code y}; {@code vertical} turns it to read bottom to top. */
    void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold,
            boolean vertical);

    /** The width {@code text} takes at {@code size}, roughly for SVG. */
    double textWidth(String text, double size);

    void write(Path file) throws IOException;
}
