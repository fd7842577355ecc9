package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.HandlerElsewhere;
import satin.hazards.HandlerShapes;

/**
 * Targets declared at their spawn in methods with an exception handler elsewhere: the rewritten
 * class loads (it failed verification before: "Expected J, but found ." on {@code long x = f();}
 * after a try/finally) and computes what the sequential program does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HandlerElsewhereHazardTest {

    @Test
    void sameResultsAsTheSequentialProgram() throws Exception {
        HazardHarness.assertSameResults(HandlerElsewhere.class);
    }

    @Test
    void moreShapesWithHandlersGiveTheSequentialResults() throws Exception {
        HazardHarness.assertSameResults(HandlerShapes.class);
    }
}
