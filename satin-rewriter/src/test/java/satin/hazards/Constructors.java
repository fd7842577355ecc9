package satin.hazards;

import satin.SatinObject;
import satin.Spawnable;

/** Objects built around spawns: fresh receivers, constructed arguments, results that are new objects. */
public class Constructors extends SatinObject {

    public static final class Point {
        final int x;
        final int y;

        public Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public String toString() {
            return "(" + x + "," + y + ")";
        }
    }

    private final int scale;

    public Constructors() {
        this(1);
    }

    public Constructors(int scale) {
        this.scale = scale;
    }

    @Spawnable
    public Point moved(Point p, int by) {
        return new Point(p.x + by * scale, p.y - by * scale);
    }

    @Spawnable
    public long area(Point a, Point b) {
        return (long) Math.abs(a.x - b.x) * Math.abs(a.y - b.y);
    }

    /** Arguments built with new, on a receiver built with new. */
    public String caseFreshReceiverAndArguments() {
        Point p = new Constructors(3).moved(new Point(1, 2), 4);
        long a = new Constructors().area(new Point(0, 0), new Point(5, 6));
        sync();
        return p + " " + a;
    }

    /** A spawned method returns a new object; another spawn gets a new object built from a constant. */
    public String caseResultsAreNewObjects() {
        Point[] ps = new Point[5];
        for (int i = 0; i < 5; i++) {
            ps[i] = moved(new Point(i, i * i), i);
        }
        sync();
        return java.util.Arrays.toString(ps);
    }

    /** A method that constructs the object that spawns, from inside a spawning method. */
    public long caseHelperObjects() {
        Constructors helper = new Constructors(2);
        long a = helper.area(helper.makePoint(3), helper.makePoint(7));
        sync();
        return a;
    }

    private Point makePoint(int v) {
        return new Point(v * scale, -v);
    }
}
