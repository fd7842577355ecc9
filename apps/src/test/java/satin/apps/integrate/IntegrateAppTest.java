package satin.apps.integrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IntegrateAppTest {

    private static final String[] ARGS = {"0", "20", "1e-9", "0.5"};

    @Test
    void runsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(Integrate.class, "run", (Object) ARGS);
        assertTrue(expected.startsWith("integral of f from 0 to 20 = ") && expected.endsWith("of the exact value"), expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Integrate.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Integrate.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> Integrate.run(ARGS)));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(Integrate.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Integrate.run()));
    }

    @Test
    void theSpawnThresholdDoesNotChangeTheSum() throws Exception {
        double[] whole = new Integrate(1e-9, 100).integrate(-3, 7);
        for (double threshold : new double[] {0, 0.01, 1}) {
            double[] split = AppHarness.onTwoWorkers(() -> new Integrate(1e-9, threshold).integrate(-3, 7));
            assertEquals(whole[0], split[0], 0.0, "threshold " + threshold);
            assertEquals(whole[1], split[1], 0.0, "threshold " + threshold);
        }
    }

    @Test
    void theSumIsCloseToTheExactIntegralAndTheCheckNoticesAWrongOne() {
        double[] result = new Integrate(1e-10, 1).integrate(1, 9);
        assertEquals(Integrate.exact(1, 9), result[0], 1e-10 * result[1]);
        assertTrue(result[1] > 100, "the interval was halved many times: " + result[1]);
        assertThrows(IllegalStateException.class, () -> Integrate.describe(1, 9, 1e-10, result[0] + 1e-3, (long) result[1]));
    }

    @Test
    void theExactIntegralAgreesWithAFineMidpointSum() {
        int steps = 200_000;
        double h = 5.0 / steps;
        double sum = 0;
        for (int i = 0; i < steps; i++) {
            sum += Integrate.f(h * (i + 0.5)) * h;
        }
        assertEquals(Integrate.exact(0, 5), sum, 1e-6);
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Integrate.run("5", "1", "1e-6", "1"));
        assertTrue(e.getMessage().contains("B") && e.getMessage().contains("1.0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Integrate.run("0", "1", "0", "1"));
        assertTrue(e.getMessage().contains("EPSILON") && e.getMessage().contains("0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Integrate.run("0", "x", "1e-6", "1"));
        assertTrue(e.getMessage().contains("B") && e.getMessage().contains("x"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Integrate.run("0", "1", "1e-6"));
    }
}
