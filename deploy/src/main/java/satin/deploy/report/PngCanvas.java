package satin.deploy.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** A chart drawn with Java2D into an image and written as PNG; needs no display (headless). */
final class PngCanvas implements Canvas {

    private final BufferedImage image;
    private final Graphics2D g;

    PngCanvas(int width, int height) {
        System.setProperty("java.awt.headless", "true");
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
    }

    @Override
    public void rect(double x, double y, double w, double h, Color fill, Color stroke) {
        Rectangle2D r = new Rectangle2D.Double(x, y, w, h);
        if (fill != null) {
            g.setColor(fill);
            g.fill(r);
        }
        if (stroke != null) {
            g.setColor(stroke);
            g.setStroke(new BasicStroke(1f));
            g.draw(r);
        }
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color, double width, boolean dashed) {
        g.setColor(color);
        g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {5f, 4f}, 0f) : new BasicStroke((float) width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polygon(double[] xs, double[] ys, Color fill) {
        g.setColor(fill);
        g.fill(path(xs, ys, true));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color, double width) {
        g.setColor(color);
        g.setStroke(new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        g.draw(path(xs, ys, false));
    }

    private static Path2D path(double[] xs, double[] ys, boolean closed) {
        Path2D.Double p = new Path2D.Double();
        for (int i = 0; i < xs.length; i++) {
            if (i == 0) {
                p.moveTo(xs[i], ys[i]);
            } else {
                p.lineTo(xs[i], ys[i]);
            }
        }
        if (closed) {
            p.closePath();
        }
        return p;
    }

    @Override
    public void text(double x, double y, String text, double size, Color color, Anchor anchor, boolean bold,
            boolean vertical) {
        g.setFont(font(size, bold));
        g.setColor(color);
        double w = g.getFontMetrics().stringWidth(text);
        double shift = anchor == Anchor.START ? 0 : anchor == Anchor.MIDDLE ? w / 2 : w;
        AffineTransform saved = g.getTransform();
        g.translate(x, y);
        if (vertical) {
            g.rotate(-Math.PI / 2);
        }
        g.drawString(text, (float) -shift, 0f);
        g.setTransform(saved);
    }

    @Override
    public double textWidth(String text, double size) {
        return g.getFontMetrics(font(size, false)).stringWidth(text);
    }

    private static Font font(double size, boolean bold) {
        return new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
    }

    @Override
    public void write(Path file) throws IOException {
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException(file + ": no PNG writer in this JDK");
        }
    }
}
