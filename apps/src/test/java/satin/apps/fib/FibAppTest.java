package satin.apps.fib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FibAppTest {

    @Test
    void fibRunsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(Fib.class, "run", (Object) new String[] {"22"});
        assertEquals("fib(22) = 17711, verified by iteration", expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> Fib.run("22")));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> Fib.run("22")));
        assertEquals(expected, AppHarness.onFourNodes(() -> Fib.run("22")));
    }

    @Test
    void fibThresholdRunsLikeTheSequentialProgramEverywhere() throws Exception {
        String expected = (String) AppHarness.oracle(FibThreshold.class, "run", (Object) new String[] {"27", "12"});
        assertEquals("fib(27) = 196418 (spawn threshold 12), verified by iteration", expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> FibThreshold.run("27", "12")));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> FibThreshold.run("27", "12")));
        assertEquals(expected, AppHarness.onFourNodes(() -> FibThreshold.run("27", "12")));
    }

    @Test
    void noArgumentsMeanTheSmallPreset() throws Exception {
        assertEquals(AppHarness.oracle(Fib.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> Fib.run()));
        assertEquals(AppHarness.oracle(FibThreshold.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> FibThreshold.run()));
        assertTrue(FibThreshold.run().startsWith("fib(30) = 832040 "));
    }

    @Test
    void theIterationCatchesAWrongResult() {
        assertEquals("verified by iteration", Fib.verify(92, 7540113804746346429L));
        assertThrows(IllegalStateException.class, () -> Fib.verify(10, 56));
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fib.run("93"));
        assertTrue(e.getMessage().contains("N") && e.getMessage().contains("93"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Fib.run("x"));
        assertTrue(e.getMessage().contains("x"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> FibThreshold.run("20", "1"));
        assertTrue(e.getMessage().contains("THRESHOLD") && e.getMessage().contains("1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Fib.run("1", "2"));
        assertThrows(IllegalArgumentException.class, () -> FibThreshold.run("1", "2", "3"));
    }
}
