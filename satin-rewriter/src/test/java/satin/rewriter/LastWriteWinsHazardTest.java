package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.LastWriteWins;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LastWriteWinsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(LastWriteWins.class);
    }
}
