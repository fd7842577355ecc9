package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.StackUnderSync;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StackUnderSyncHazardTest {

    @Test
    void valuesOfTheEnclosingExpressionSurviveTheSync() throws Exception {
        HazardHarness.assertSameResults(StackUnderSync.class);
    }
}
