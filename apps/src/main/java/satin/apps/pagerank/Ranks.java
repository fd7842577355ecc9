package satin.apps.pagerank;

import satin.Published;
import satin.SharedObject;
import satin.Write;

/**
 * The ranks of one round, published once by the master to every node: jobs carry only which
 * object this is, and wait in their guard until their node's replica holds their round.
 */
@Published
public final class Ranks extends SharedObject {

    private double[] ranks = new double[0];
    /** Volatile and written last: a reader that sees the round sees that round's ranks. */
    private volatile int round;

    public int round() {
        return round;
    }

    /** The ranks of {@link #round()}; read only, by every job of the round. */
    public double[] ranks() {
        return ranks;
    }

    @Write
    public void publish(int round, double[] ranks) {
        this.ranks = ranks;
        this.round = round;
    }
}
