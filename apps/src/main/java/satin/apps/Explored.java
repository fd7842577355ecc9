package satin.apps;

import java.util.concurrent.atomic.LongAdder;

/**
 * How many nodes of their search trees the branch-and-bound programs (tsp, knapsack, setcover)
 * visited in this JVM, all nodes of a pool in it together: what {@code ./bench search} compares
 * with the sequential program's count, since a bound that reaches every job prunes as the
 * sequential search does. Each sequential part of a search counts in a local variable and adds
 * its count once, so counting costs nothing a benchmark can see.
 */
public final class Explored {

    private static final LongAdder COUNT = new LongAdder();

    private Explored() {
    }

    public static void add(long nodes) {
        COUNT.add(nodes);
    }

    /** The count since the last call, which starts the next count at zero. */
    public static long take() {
        return COUNT.sumThenReset();
    }
}
