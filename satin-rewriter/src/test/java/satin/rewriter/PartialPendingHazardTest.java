package satin.rewriter;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.hazards.PartialPending;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PartialPendingHazardTest {

    @Test
    void eachFailureMeetsTheHandlersOfItsOwnSpawn() throws Exception {
        HazardHarness.assertSameResults(PartialPending.class);
    }
}
