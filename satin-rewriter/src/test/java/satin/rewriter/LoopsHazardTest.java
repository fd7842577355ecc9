package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.Loops;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LoopsHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(Loops.class);
    }

    @Test
    void spawnsThatPileUpInALoopCarryTheirArrayTargetInARecord() throws Exception {
        Rewriter.Result r = HazardHarness.rewrite(Loops.class);
        long sites = r.generated().keySet().stream().filter(n -> n.contains("$Site")).count();
        // caseFor, caseWhileAndDoWhile (2), caseNested, caseBreakAndContinue: one per array store in a loop
        org.junit.jupiter.api.Assertions.assertEquals(5, sites, r.generated().keySet().toString());
    }
}
