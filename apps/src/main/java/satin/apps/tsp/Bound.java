package satin.apps.tsp;

import satin.SharedObject;
import satin.Write;

/**
 * The length of the shortest tour found so far, shared by every job on every node: a tour found in
 * one subtree prunes its siblings elsewhere. A replica may lag behind; a bound that is too high
 * only prunes less, so every job still finds the shortest tour below it.
 */
public final class Bound extends SharedObject {

    /** Volatile: the searching loops read it at every step, and should see a write soon. */
    private volatile int shortest;

    public Bound(int shortest) {
        this.shortest = shortest;
    }

    public int shortest() {
        return shortest;
    }

    /** A tour of this length exists. */
    @Write
    public void found(int length) {
        if (length < shortest) {
            shortest = length;
        }
    }
}
