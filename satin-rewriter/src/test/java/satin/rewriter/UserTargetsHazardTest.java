package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.UserTargets;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UserTargetsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(UserTargets.class);
    }
}
