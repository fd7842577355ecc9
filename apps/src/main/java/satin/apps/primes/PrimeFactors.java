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
import satin.apps.AppArguments;

/**
 * Prime factorization by trial division, divided and conquered over the candidate divisors: a job
 * with more than {@code threshold} candidates spawns its two halves, a smaller one divides by each
 * of its candidates and keeps those that divide n and are prime. Every prime factor up to the
 * square root of n is found that way; what is left of n after dividing them out is one or prime.
 * Numbers go up to 2^66, beyond a long, so that the search can take long: a job gets n as limbs of
 * 30 bits, most significant first, and takes remainders limb by limb (candidates stay below 2^33,
 * so a remainder shifted by a limb still fits a long).
 */
public class PrimeFactors extends SatinObject {

    /** Arguments of the presets; small runs well under a second, large tens of seconds sequentially. */
    public static final Map<String, List<String>> PRESETS = Map.of(
            "small", List.of("40", "3", "1", "100000"),
            "medium", List.of("56", "3", "1", "1000000"),
            "large", List.of("64", "3", "1", "1000000"));

    /** The largest n is below 2^MAX_BITS: its square root, the largest candidate, is below 2^33. */
    static final int MAX_BITS = 66;

    static final int LIMB_BITS = 30;

    private final long threshold;

    public PrimeFactors(long threshold) {
        if (threshold < 1) {
            throw new IllegalArgumentException("the spawn threshold must be at least 1, not " + threshold);
        }
        this.threshold = threshold;
    }

    /** The prime factors of n (1 <= n < 2^66), ascending, each as often as it divides n. */
    public BigInteger[] factor(BigInteger n) {
        if (n.signum() <= 0 || n.bitLength() > MAX_BITS) {
            throw new IllegalArgumentException("n must be from 1 to 2^" + MAX_BITS + " - 1, not " + n);
        }
        long[] small = factorsIn(limbs(n), 2, n.sqrt().longValueExact() + 1);
        List<BigInteger> factors = new ArrayList<>();
        BigInteger rest = n;
        for (long p : small) {
            BigInteger prime = BigInteger.valueOf(p);
            while (rest.mod(prime).signum() == 0) {
                factors.add(prime);
                rest = rest.divide(prime);
            }
        }
        if (rest.compareTo(BigInteger.ONE) > 0) { // no prime up to the square root of n divides it, so it is prime
            factors.add(rest);
        }
        return factors.stream().sorted().toArray(BigInteger[]::new);
    }

    /** n in limbs of 30 bits, most significant first. */
    static long[] limbs(BigInteger n) {
        long[] limbs = new long[(MAX_BITS + LIMB_BITS - 1) / LIMB_BITS];
        for (int i = limbs.length - 1; i >= 0; i--) {
            limbs[i] = n.longValue() & ((1L << LIMB_BITS) - 1);
            n = n.shiftRight(LIMB_BITS);
        }
        return limbs;
    }

    /** n mod d for d below 2^33, from the limbs of n. */
    static long remainder(long[] limbs, long d) {
        long r = 0;
        for (long limb : limbs) {
            r = (r << LIMB_BITS | limb) % d;
        }
        return r;
    }

    /** The primes in [from, to) that divide n (given as limbs), ascending. */
    @Spawnable
    public long[] factorsIn(long[] n, long from, long to) {
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

    static long[] sequential(long[] n, long from, long to) {
        List<Long> found = new ArrayList<>();
        if (from <= 2 && to > 2 && remainder(n, 2) == 0) {
            found.add(2L);
        }
        for (long d = Math.max(3, from | 1); d < to; d += 2) {
            if (remainder(n, d) == 0 && isPrime(d)) {
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

    /**
     * The primes a number of about {@code bits} bits is made of: {@code count - 1} random primes
     * of up to bits / count bits, and a last one that brings the product to about 2^bits. Ascending.
     */
    public static BigInteger[] primes(int bits, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        BigInteger[] primes = new BigInteger[count];
        BigInteger product = BigInteger.ONE;
        int smallBits = Math.max(2, bits / count);
        for (int i = 0; i < count - 1; i++) {
            long candidate = 2 + random.nextLong((1L << smallBits) - 2);
            primes[i] = BigInteger.valueOf(candidate).nextProbablePrime();
            product = product.multiply(primes[i]);
        }
        primes[count - 1] = BigInteger.ONE.shiftLeft(bits).divide(product).nextProbablePrime();
        Arrays.sort(primes);
        return primes;
    }

    /**
     * Computes with these arguments (BITS FACTORS SEED THRESHOLD), or those of a preset named as the
     * only argument; returns what main prints.
     */
    public static String run(String... args) {
        Args a = arguments(args);
        int bits = a.bits();
        int count = a.count();
        long seed = a.seed();
        long threshold = a.threshold();
        BigInteger[] made = primes(bits, count, seed);
        BigInteger n = Arrays.stream(made).reduce(BigInteger.ONE, BigInteger::multiply);
        BigInteger[] factors = new PrimeFactors(threshold).factor(n);
        verify(n, made, factors);
        return n + " = " + describe(factors) + " (spawn threshold " + threshold
                + "), verified: the factors are prime, multiply back to it and are the primes it was made of";
    }

    /**
     * Refuses arguments {@link #run} would refuse, with the same message, without computing: what
     * a launcher calls before it starts anything.
     */
    public static void checkArguments(String... args) {
        arguments(args);
    }

    /** The arguments, as {@link #run} reads them. */
    public record Args(int bits, int count, long seed, long threshold) {
    }

    private static Args arguments(String... args) {
        List<String> p = AppArguments.of(PRESETS, args);
        if (p.size() != 4) {
            throw new IllegalArgumentException("expected BITS FACTORS SEED THRESHOLD or a preset (" + PRESETS.keySet() + "), not " + p);
        }
        int bits = (int) AppArguments.integer(p.get(0), "BITS", 4, MAX_BITS - 2);
        int count = (int) AppArguments.integer(p.get(1), "FACTORS", 1, bits / 2);
        long seed = AppArguments.integer(p.get(2), "SEED", Long.MIN_VALUE, Long.MAX_VALUE);
        long threshold = AppArguments.integer(p.get(3), "THRESHOLD", 1, Long.MAX_VALUE);
        return new Args(bits, count, seed, threshold);
    }

    public static void main(String[] args) {
        System.out.println(run(args));
    }

    static void verify(BigInteger n, BigInteger[] made, BigInteger[] factors) {
        BigInteger product = BigInteger.ONE;
        for (BigInteger f : factors) {
            if (!f.isProbablePrime(64)) {
                throw new IllegalStateException(f + ", a factor found of " + n + ", is not prime");
            }
            product = product.multiply(f);
        }
        if (!product.equals(n) || !Arrays.equals(made, factors)) {
            throw new IllegalStateException("the factors found, " + Arrays.toString(factors) + ", are not those "
                    + n + " was made of, " + Arrays.toString(made));
        }
    }

    /** Like 2^3 * 7 * 101. */
    static String describe(BigInteger[] factors) {
        Map<BigInteger, Integer> powers = new TreeMap<>();
        for (BigInteger f : factors) {
            powers.merge(f, 1, Integer::sum);
        }
        StringBuilder text = new StringBuilder();
        powers.forEach((f, e) -> text.append(text.length() == 0 ? "" : " * ").append(f).append(e > 1 ? "^" + e : ""));
        return text.length() == 0 ? "1" : text.toString();
    }
}
