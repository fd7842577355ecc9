package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Whether a failure is abandonment, however the program chained its causes. */
@Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AbandonedTest {

    @Test
    void abandonmentIsFoundAnywhereInTheCauses() {
        assertTrue(Abandoned.in(new Abandoned("gone")));
        assertTrue(Abandoned.in(new IllegalStateException("at the sync", new RuntimeException(new Abandoned("gone")))));
        assertFalse(Abandoned.in(new IllegalStateException("the program's own")));
        assertFalse(Abandoned.in(null));
    }

    /** A program may chain causes in a circle; the question still ends (it looped for ever on the worker). */
    @Test
    void causesChainedInACircleEndTheQuestion() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertFalse(Abandoned.in(a));
    }
}
