package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.CatchAroundSpawns;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CatchAroundSpawnsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(CatchAroundSpawns.class);
    }
}
