package satin.apps.fib;

import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * Fibonacci that spawns only above a threshold and computes sequentially below it: the grain a
 * real divide-and-conquer program has, and the form the pool benchmarks run (fib(45), threshold
 * 20).
 */
public class FibThreshold extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("30", "20"), "medium", List.of("43", "20"), "large", List.of("48", "20"));

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

    /**
     * Computes with these arguments (N and the spawn threshold, 20 if left out), or those of a
     * preset named as the only argument; returns what main prints.
     */
    public static String run(String... args) {
        int[] nAndThreshold = arguments(args);
        int n = nAndThreshold[0];
        int threshold = nAndThreshold[1];
        long result = new FibThreshold(threshold).fib(n);
        return "fib(" + n + ") = " + result + " (spawn threshold " + threshold + "), " + Fib.verify(n, result);
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    private static int[] arguments(String... args) {
        List<String> a = AppArguments.of(PRESETS, args);
        if (a.isEmpty() || a.size() > 2) {
            throw new IllegalArgumentException("expected N [THRESHOLD] or a preset (" + PRESETS.keySet() + "), not " + a);
        }
        int n = AppArguments.integer(a.get(0), "N", 0, 92);
        int threshold = a.size() > 1 ? AppArguments.integer(a.get(1), "THRESHOLD", 2, Integer.MAX_VALUE) : 20;
        return new int[] {n, threshold};
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }
}
