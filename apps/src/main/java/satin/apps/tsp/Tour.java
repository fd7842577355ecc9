package satin.apps.tsp;

/** A closed tour from city 0, the cities in order, and its length. */
public final class Tour {

    public int length;
    public int[] order;

    public Tour(int length, int[] order) {
        this.length = length;
        this.order = order;
    }

    /** The shorter of a and b; a when they are equal, so the result does not depend on who ran what. */
    public static Tour shorter(Tour a, Tour b) {
        if (a == null) {
            return b;
        }
        return b == null || a.length <= b.length ? a : b;
    }
}
