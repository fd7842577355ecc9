package satin.apps.matmul;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.apps.AppHarness;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MatMulTest {

    private static final String[] ARGS = {"192", "24", "7"};

    @Test
    void theParallelProgramPrintsWhatTheSequentialOnePrints() throws Exception {
        Object expected = AppHarness.oracle(MatMul.class, "run", (Object) ARGS);
        assertTrue(((String) expected).contains("verified"), (String) expected);
        assertEquals(expected, AppHarness.onOneWorker(() -> MatMul.run(ARGS)));
        assertEquals(expected, AppHarness.onTwoWorkers(() -> MatMul.run(ARGS)));
        assertEquals(expected, AppHarness.onFourNodes(() -> MatMul.run(ARGS)));
    }

    @Test
    void jobsTooBigForAFrameRunWhereTheyAreAndTheSmallerOnesTravel() throws Exception {
        String[] args = {"384", "48", "11"}; // block products of 192, 96 and 48 rows: 590, 147 and 37 KB
        Object expected = AppHarness.oracle(MatMul.class, "run", (Object) args);
        AppHarness.PoolRun<String> run = AppHarness.onPool(4, 64 << 10, () -> MatMul.run(args));
        assertEquals(expected, run.result());
        assertTrue(run.total(s -> s.jobsRefused.get()) > 0, "a thief was offered a job too big for a frame");
        assertEquals(0, run.total(s -> s.jobsRerun.get()), "no connection closed over a frame too long");
        assertEquals(run.total(s -> s.jobsGiven.get()), run.total(s -> s.resultsReceived.get()));
    }

    @Test
    void theSmallPresetIsTheDefault() throws Exception {
        assertEquals(AppHarness.oracle(MatMul.class, "run", (Object) new String[] {"small"}),
                AppHarness.onTwoWorkers(() -> MatMul.run()));
    }

    @Test
    void theKernelAndTheRecursionAgreeWithANaiveProduct() {
        SplittableRandom random = new SplittableRandom(3);
        for (int n = 1; n <= 9; n++) {
            double[] a = MatMul.randomMatrix(n, random);
            double[] b = MatMul.randomMatrix(n, random);
            assertArrayEquals(naive(a, b, n), Kernel.multiply(a, b, n), "n=" + n);
        }
        for (int n : new int[] {12, 20, 40}) {
            double[] a = MatMul.randomMatrix(n, random);
            double[] b = MatMul.randomMatrix(n, random);
            assertArrayEquals(naive(a, b, n), new MatMul(5).multiply(a, b, n), "n=" + n);
        }
    }

    @Test
    void theCheckRejectsAProductWithOneWrongEntry() {
        SplittableRandom random = new SplittableRandom(5);
        int n = 16;
        double[] a = MatMul.randomMatrix(n, random);
        double[] b = MatMul.randomMatrix(n, random);
        double[] c = naive(a, b, n);
        Check.verify(a, b, c, n, 1);
        c[5 * n + 11] += 1;
        assertThrows(IllegalStateException.class, () -> Check.verify(a, b, c, n, 1));
    }

    @Test
    void badArgumentsAreNamed() {
        assertMessage("n must be an integer", "x");
        assertMessage("n=100 cannot be halved", "100", "12");
        assertMessage("leaf must be at least 2", "64", "1");
        assertMessage("seed must be an integer", "96", "48", "s");
        assertMessage("expected arguments", "96", "48", "1", "2");
        assertMessage("n must be positive", "0");
    }

    private static void assertMessage(String part, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MatMul.run(args));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    private static double[] naive(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    c[i * n + j] += a[i * n + k] * b[k * n + j];
                }
            }
        }
        return c;
    }
}
