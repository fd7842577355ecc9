package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StealChunkTest {

    @Test
    void oneIsThePapersAndGivesOneWhateverWaits() {
        StealChunk one = StealChunk.parse("1", "x");
        assertEquals(StealChunk.ONE, one);
        assertEquals(1, one.jobsOf(0));
        assertEquals(1, one.jobsOf(40));
    }

    @Test
    void halfGivesHalfOfWhatIsOfferedButAtLeastOneAndAtMostTheBound() {
        StealChunk half = StealChunk.parse(" HALF ", "x");
        assertEquals(1, half.jobsOf(1), "a victim with one job gives it");
        assertEquals(1, half.jobsOf(3));
        assertEquals(5, half.jobsOf(10));
        assertEquals(StealChunk.MAX_JOBS, half.jobsOf(10_000));
        assertEquals("half", half.toString());
    }

    @Test
    void aNumberIsAFixedChunk() {
        StealChunk four = StealChunk.parse("4", "x");
        assertEquals(4, four.jobsOf(1), "the victim gives what it has, up to 4");
        assertEquals("4", four.toString());
    }

    @Test
    void badValuesAreRefusedByTheSettingsName() {
        for (String bad : new String[] {"0", "-2", "65", "all", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> StealChunk.parse(bad, "-Dsatin.stealChunk"));
            assertTrue(e.getMessage().startsWith("-Dsatin.stealChunk must be 1, half, or a number"), e.getMessage());
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void thePropertyIsTheDefaultOfEveryBalancerAndTheSpecOverridesIt() {
        String before = System.getProperty(StealChunk.PROPERTY);
        try {
            System.setProperty(StealChunk.PROPERTY, "half");
            for (String name : Balancers.NAMES) {
                assertEquals("half", Balancers.parse(name).get().stealChunk().toString(), name);
            }
            assertEquals("3", Balancers.parse("CRS:chunk=3").get().stealChunk().toString());
            System.setProperty(StealChunk.PROPERTY, "lots");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Balancers.parse("RS"));
            assertTrue(e.getMessage().contains("-Dsatin.stealChunk"), e.getMessage());
            System.clearProperty(StealChunk.PROPERTY);
            assertEquals(StealChunk.ONE, Balancers.parse("RS").get().stealChunk(), "one job unless told otherwise");
        } finally {
            if (before == null) {
                System.clearProperty(StealChunk.PROPERTY);
            } else {
                System.setProperty(StealChunk.PROPERTY, before);
            }
        }
    }

    @Test
    void theChunkIsReportedWithTheOtherSettings() {
        assertEquals("victims=uniform, chunk=half", Balancers.describe(Balancers.parse("RS:chunk=half").get()));
        assertEquals("chunk=1", Balancers.describe(new NoBalancing()));
    }
}
