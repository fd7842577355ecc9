package satin.apps.fib;

import java.util.List;
import java.util.Map;
import satin.SatinObject;
import satin.Spawnable;
import satin.apps.AppArguments;

/**
 * Fibonacci, spawning every call: the finest grain there is, so the worst case for the cost of a
 * spawn. Without rewriting this class is the sequential program; the build rewrites it.
 */
public class Fib extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("30"), "medium", List.of("43"), "large", List.of("48"));

    @Spawnable
    public long fib(int n) {
        if (n < 2) {
            return n;
        }
        long x = fib(n - 1);
        long y = fib(n - 2);
        sync();
        return x + y;
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    private static int arguments(String... args) {
        List<String> a = AppArguments.of(PRESETS, args);
        if (a.size() != 1) {
            throw new IllegalArgumentException("expected N or a preset (" + PRESETS.keySet() + "), not " + a);
        }
        return AppArguments.integer(a.get(0), "N", 0, 92);
    }

    /** Computes with these arguments (N), or those of a preset named as the only argument; returns what main prints. */
    public static String run(String... args) {
        int n = arguments(args);
        long result = new Fib().fib(n);
        return "fib(" + n + ") = " + result + ", " + verify(n, result);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    /** Checks against the iteration, which shares nothing with the recursion but the definition. */
    static String verify(int n, long result) {
        long a = 0;
        long b = 1;
        for (int i = 0; i < n; i++) {
            long next = a + b;
            a = b;
            b = next;
        }
        if (a != result) {
            throw new IllegalStateException("fib(" + n + ") computed " + result + " but the iteration gives " + a);
        }
        return "verified by iteration";
    }
}
