package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.ManySpawns;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ManySpawnsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(ManySpawns.class);
    }
}
