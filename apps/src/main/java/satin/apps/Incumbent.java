package satin.apps;

import satin.SharedObject;
import satin.Write;

/**
 * The value of the best solution a branch-and-bound search has found so far (tsp's shortest tour,
 * knapsack's best packing), shared by every job on every node: a solution found in one subtree
 * prunes its siblings elsewhere. A replica may lag behind; a value that is not the best yet only
 * prunes less.
 */
public final class Incumbent extends SharedObject {

    /** Whether a lower value is better (a tour's length) rather than a higher one (a packing's value). */
    private final boolean lowerIsBetter;
    /** Volatile: the searching loops read it at every step, and should see a write soon. */
    private volatile long value;

    public Incumbent(boolean lowerIsBetter, long value) {
        this.lowerIsBetter = lowerIsBetter;
        this.value = value;
    }

    public long value() {
        return value;
    }

    /** A solution of this value exists. */
    @Write
    public void found(long solution) {
        if (lowerIsBetter ? solution < value : solution > value) {
            value = solution;
        }
    }
}
