package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.PrivateStatics;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PrivateStaticsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(PrivateStatics.class);
    }
}
