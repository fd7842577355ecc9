package satin.apps.fib;

import satin.SatinObject;
import satin.Spawnable;

/**
 * Fibonacci that spawns only above a threshold and computes sequentially below it: the grain a
 * real divide-and-conquer program has, and the form the pool benchmarks run (fib(45), threshold
 * 20).
 */
public class FibThreshold extends SatinObject {

    private final int threshold;

    public FibThreshold(int threshold) {
        if (threshold < 2) {
            throw new IllegalArgumentException("the spawn threshold must be at least 2, not " + threshold);
        }
        this.threshold = threshold;
    }

    @Spawnable
    public long fib(int n) {
        if (n < threshold) {
            return sequential(n);
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    static long sequential(int n) {
        return n < 2 ? n : sequential(n - 1) + sequential(n - 2);
    }

    /** Arguments: N (default 35) and the spawn threshold (default 20). */
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 35;
        int threshold = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.out.println("fib(" + n + ") = " + new FibThreshold(threshold).fib(n));
    }
}
