package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.Bridges;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BridgesHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(Bridges.class);
    }
}
