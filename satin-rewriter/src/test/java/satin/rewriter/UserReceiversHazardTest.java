package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.UserReceivers;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UserReceiversHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(UserReceivers.class);
    }
}
