package satin.apps.primes;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Prime factorization by trial division, divided and conquered over the candidate divisors: a job
 * with more than {@code threshold} candidates spawns its two halves, a smaller one divides by each
 * of its candidates and keeps those that divide n and are prime. Every prime factor up to the
 * square root of n is found that way; what is left of n after dividing them out is one or prime.
 */
public class PrimeFactors extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("40", "3", "1", "100000"),
            "medium", List.of("54", "3", "1", "1000000"),
            "large", List.of("61", "3", "1", "1000000"));

    private final long threshold;

    public PrimeFactors(long threshold) {
        if (threshold < 1) {
            throw new IllegalArgumentException("the spawn threshold must be at least 1, not " + threshold);
        }
        this.threshold = threshold;
    }

    /** The prime factors of n (n >= 1), ascending, each as often as it divides n. */
    public long[] factor(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("only positive numbers have prime factors, not " + n);
        }
        long[] small = factorsIn(n, 2, squareRoot(n) + 1);
        List<Long> factors = new ArrayList<>();
        long rest = n;
        for (long p : small) {
            while (rest % p == 0) {
                factors.add(p);
                rest /= p;
            }
        }
        if (rest > 1) { // no prime up to the square root of n divides it, so it is prime
            factors.add(rest);
        }
        return factors.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /** The primes in [from, to) that divide n, ascending. */
    @Spawnable
    public long[] factorsIn(long n, long from, long to) {
        if (to - from <= threshold) {
            return sequential(n, from, to);
        }
        long middle = from + (to - from) / 2;
        long[] low = factorsIn(n, from, middle);
        long[] high = factorsIn(n, middle, to);
        sync();
        long[] both = Arrays.copyOf(low, low.length + high.length);
        System.arraycopy(high, 0, both, low.length, high.length);
        return both;
    }

    static long[] sequential(long n, long from, long to) {
        List<Long> found = new ArrayList<>();
        if (from <= 2 && to > 2 && n % 2 == 0) {
            found.add(2L);
        }
        for (long d = Math.max(3, from | 1); d < to; d += 2) {
            if (n % d == 0 && isPrime(d)) {
                found.add(d);
            }
        }
        return found.stream().mapToLong(Long::longValue).toArray();
    }

    /** By trial division: only ever asked of divisors of n, which are few. */
    static boolean isPrime(long d) {
        if (d < 2) {
            return false;
        }
        for (long q = 2; q <= d / q; q++) {
            if (d % q == 0) {
                return false;
            }
        }
        return true;
    }

    /** The largest r with r * r <= n. */
    static long squareRoot(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) {
            r--;
        }
        while ((r + 1) * (r + 1) <= n) {
            r++;
        }
        return r;
    }

    /**
     * The primes a number of about {@code bits} bits is made of: {@code count - 1} random primes
     * of up to bits / count bits, and a last one that brings the product to about 2^bits. Ascending.
     */
    public static long[] primes(int bits, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] primes = new long[count];
        long product = 1;
        int smallBits = Math.max(2, bits / count);
        for (int i = 0; i < count - 1; i++) {
            long candidate = 2 + random.nextLong((1L << smallBits) - 2);
            primes[i] = BigInteger.valueOf(candidate).nextProbablePrime().longValueExact();
            product = Math.multiplyExact(product, primes[i]);
        }
        BigInteger last = BigInteger.ONE.shiftLeft(bits).divide(BigInteger.valueOf(product)).nextProbablePrime();
        primes[count - 1] = last.longValueExact();
        Math.multiplyExact(product, primes[count - 1]); // the caller's n must fit a long
        Arrays.sort(primes);
        return primes;
    }

    /**
     * Computes with these arguments (BITS FACTORS SEED THRESHOLD), or those of a preset named as the
     * only argument; returns what main prints.
     */
    public static String run(String... args) {
        List<String> p = args.length == 0 ? PRESETS.get("small")
                : args.length == 1 && PRESETS.containsKey(args[0]) ? PRESETS.get(args[0]) : List.of(args);
        if (p.size() != 4) {
            throw new IllegalArgumentException("expected BITS FACTORS SEED THRESHOLD or a preset (" + PRESETS.keySet() + "), not " + p);
        }
        int bits = (int) parse(p.get(0), "BITS", 4, 61);
        int count = (int) parse(p.get(1), "FACTORS", 1, bits / 2);
        long seed = parse(p.get(2), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        long threshold = parse(p.get(3), "THRESHOLD", 1, Long.MAX_VALUE);
        long[] made = primes(bits, count, seed);
        long n = Arrays.stream(made).reduce(1, Math::multiplyExact);
        long[] factors = new PrimeFactors(threshold).factor(n);
        verify(n, made, factors);
        return n + " = " + describe(factors) + " (spawn threshold " + threshold
                + "), verified: the factors are prime, multiply back to it and are the primes it was made of";
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    static void verify(long n, long[] made, long[] factors) {
        long product = 1;
        for (long f : factors) {
            if (!BigInteger.valueOf(f).isProbablePrime(64)) {
                throw new IllegalStateException(f + ", a factor found of " + n + ", is not prime");
            }
            product = Math.multiplyExact(product, f);
        }
        if (product != n || !Arrays.equals(made, factors)) {
            throw new IllegalStateException("the factors found, " + Arrays.toString(factors) + ", are not those "
                    + n + " was made of, " + Arrays.toString(made));
        }
    }

    /** Like 2^3 * 7 * 101. */
    static String describe(long[] factors) {
        Map<Long, Integer> powers = new TreeMap<>();
        for (long f : factors) {
            powers.merge(f, 1, Integer::sum);
        }
        StringBuilder text = new StringBuilder();
        powers.forEach((f, e) -> text.append(text.length() == 0 ? "" : " * ").append(f).append(e > 1 ? "^" + e : ""));
        return text.length() == 0 ? "1" : text.toString();
    }

    private static long parse(String value, String name, long min, long max) {
        try {
            long v = Long.parseLong(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below, with what was expected
        }
        throw new IllegalArgumentException(name + " must be an integer from " + min + " to " + max + ", not " + value);
    }
}
