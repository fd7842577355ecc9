package satin.deque;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stress test can fail: it catches a deque whose thieves race the owner and each other. */
class BrokenDequeIsCaughtTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theStressTestFailsOnARacyDeque() {
        assertThrows(AssertionError.class,
                () -> WorkDequeStressContract.hammer(new RacyDeque<>(Cell::new), 60_000, 7, true));
    }
}
