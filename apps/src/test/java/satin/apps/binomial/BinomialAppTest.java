package satin.apps.binomial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BinomialAppTest {

    private static final String[] ARGS = {"22", "9", "12"};

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(Binomial.class, "run", (Object) ARGS);
        assertEquals("C(22, 9) = 497420 (spawn threshold 12), verified by the multiplicative formula", expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Binomial.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Binomial.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Binomial.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Binomial.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Binomial.run()));
    }

    @Test
    void pascalsRuleAgreesWithTheMultiplicativeFormula() throws Exception {
        for (int n = 0; n <= 18; n++) {
            for (int k = 0; k <= n; k++) {
                int nn = n;
                int kk = k;
                long expected = Binomial.multiplicative(n, k).longValueExact();
                assertEquals(expected, Binomial.sequential(n, k), "C(" + n + ", " + k + ")");
                assertEquals(expected, (long) AppHarness.onOneWorker(() -> new Binomial(3).choose(nn, kk)));
            }
        }
        assertEquals(BigInteger.valueOf(7219428434016265740L), Binomial.multiplicative(66, 33));
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Binomial.run("10", "11", "5"));
        assertTrue(e.getMessage().contains("K") && e.getMessage().contains("11"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Binomial.run("67", "1", "5"));
        assertTrue(e.getMessage().contains("N") && e.getMessage().contains("67"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Binomial.run("10", "5", "0"));
        assertTrue(e.getMessage().contains("THRESHOLD") && e.getMessage().contains("0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Binomial.run("10", "5"));
    }
}
