package satin.apps.primes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PrimeFactorsAppTest {

    private static final String[] ARGS = {"34", "4", "9", "1000"};

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(PrimeFactors.class, "run", (Object) ARGS);
        assertTrue(expected.endsWith("are the primes it was made of"), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> PrimeFactors.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> PrimeFactors.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> PrimeFactors.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(PrimeFactors.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> PrimeFactors.run()));
    }

    /** Divides by 2, 3, 4, ... while it can: too slow for big numbers, but obviously right. */
    private static BigInteger[] naive(long n) {
        List<BigInteger> factors = new ArrayList<>();
        for (long d = 2; n > 1; d++) {
            while (n % d == 0) {
                factors.add(BigInteger.valueOf(d));
                n /= d;
            }
        }
        return factors.toArray(BigInteger[]::new);
    }

    @Test
    void factorsAgreeWithNaiveDivision() throws Exception {
        PrimeFactors spawning = new PrimeFactors(3);
        List<BigInteger[]> found = AppHarness.onTwoWorkers(() -> {
            List<BigInteger[]> all = new ArrayList<>();
            for (long n = 1; n <= 3000; n += 7) {
                all.add(spawning.factor(BigInteger.valueOf(n)));
            }
            return all;
        });
        for (long n = 1, i = 0; n <= 3000; n += 7, i++) {
            assertArrayEquals(naive(n), found.get((int) i), "n=" + n);
        }
        for (long n : new long[] {2, 4, 1024, 999_983L * 999_983L, 2L * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23}) {
            assertArrayEquals(naive(n), new PrimeFactors(1000).factor(BigInteger.valueOf(n)), "n=" + n);
        }
    }

    @Test
    void remaindersFromLimbsBeyondALong() {
        BigInteger n = BigInteger.ONE.shiftLeft(65).add(BigInteger.valueOf(12345));
        long[] limbs = PrimeFactors.limbs(n);
        for (long d : new long[] {2, 3, 97, 1L << 32, (1L << 33) - 1}) {
            assertEquals(n.mod(BigInteger.valueOf(d)).longValueExact(), PrimeFactors.remainder(limbs, d), "d=" + d);
        }
    }

    @Test
    void theNumbersAreMadeOfTheirPrimes() {
        BigInteger[] primes = PrimeFactors.primes(64, 3, 4);
        assertEquals(3, primes.length);
        BigInteger product = BigInteger.ONE;
        for (BigInteger p : primes) {
            assertTrue(p.isProbablePrime(64));
            product = product.multiply(p);
        }
        BigInteger n = product;
        assertTrue(n.bitLength() >= 64 && n.bitLength() <= 66, n.toString());
        assertThrows(IllegalStateException.class, () -> PrimeFactors.verify(n, primes,
                new BigInteger[] {BigInteger.ONE, primes[1], primes[2]}));
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrimeFactors.run("65", "3", "1", "10"));
        assertTrue(e.getMessage().contains("BITS") && e.getMessage().contains("65"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrimeFactors.run("20", "11", "1", "10"));
        assertTrue(e.getMessage().contains("FACTORS") && e.getMessage().contains("11"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PrimeFactors.run("20", "2", "1", "0"));
        assertTrue(e.getMessage().contains("THRESHOLD") && e.getMessage().contains("0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PrimeFactors(10).factor(BigInteger.ZERO));
    }
}
