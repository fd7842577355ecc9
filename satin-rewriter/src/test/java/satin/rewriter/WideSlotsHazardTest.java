package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.WideSlots;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WideSlotsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(WideSlots.class);
    }
}
