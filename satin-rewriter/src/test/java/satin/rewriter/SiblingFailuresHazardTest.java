package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.SiblingFailures;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SiblingFailuresHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(SiblingFailures.class);
    }
}
