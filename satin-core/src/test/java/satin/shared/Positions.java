package satin.shared;

import java.util.ArrayList;
import java.util.List;
import satin.SharedObject;
import satin.Write;

/**
 * A shared object written by hand in the form the rewriter gives its writes, whose write takes an
 * argument of the program's own class that none of its fields declares.
 */
public class Positions extends SharedObject {

    /** A program's own value class. */
    public static final class Point {
        public int x;
        public int y;

        public Point(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public String toString() {
            return "(" + x + ", " + y + ")";
        }
    }

    private final List<Object> at = new ArrayList<>();

    @Write
    public synchronized void add(Point p) {
        if (satin$forwards()) {
            satin$forward("add(Lsatin/shared/Positions$Point;)V", new Object[] {p});
            return;
        }
        at.add(p);
    }

    public synchronized List<String> positions() {
        return at.stream().map(Object::toString).toList();
    }
}
