package quickstart;

import satin.SatinObject;
import satin.Spawnable;

/**
 * The sum of {@code i * i mod 1000003} over a range of numbers, split in halves until a range is
 * small enough to add up in a loop. Without rewriting, this class is the sequential program.
 */
public class RangeSum extends SatinObject {

    /** Below this many numbers a range is summed in a loop: a spawn costs more than that much work. */
    static final long LEAF = 10_000;

    @Spawnable
    public long sum(long from, long to) {
        if (to - from <= LEAF) {
            long s = 0;
            for (long i = from; i < to; i++) {
                s += i * i % 1_000_003;
            }
            return s;
        }
        long middle = from + (to - from) / 2;
        long left = sum(from, middle); // a spawn
        long right = sum(middle, to); // another
        sync(); // left and right are defined from here on
        return left + right;
    }

    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        System.out.println("sum(0, " + n + ") = " + new RangeSum().sum(0, n));
    }
}
