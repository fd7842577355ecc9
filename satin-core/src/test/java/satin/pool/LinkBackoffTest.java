package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The waits between attempts to form a link: doubling, bounded, jittered, and started again once one forms. */
class LinkBackoffTest {

    private static final long FIVE_SECONDS = TimeUnit.SECONDS.toNanos(5);
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void waitsDoubleUpToTheCeilingWithTheLongestJitter() {
        LinkBackoff b = new LinkBackoff(FIVE_SECONDS, bound -> bound); // the longest draw
        assertEquals(100 * MS, b.failed(7));
        assertEquals(200 * MS, b.failed(7));
        assertEquals(400 * MS, b.failed(7));
        assertEquals(800 * MS, b.failed(7));
        assertEquals(1_600 * MS, b.failed(7));
        assertEquals(2_000 * MS, b.failed(7));
        for (int i = 0; i < 100; i++) {
            assertEquals(2_000 * MS, b.failed(7), "never past the ceiling, however many failures");
        }
    }

    @Test
    void theShortestJitterHalvesAWait() {
        LinkBackoff b = new LinkBackoff(FIVE_SECONDS, bound -> 0);
        assertEquals(50 * MS, b.failed(1));
        assertEquals(100 * MS, b.failed(1));
    }

    @Test
    void randomWaitsLieBetweenHalfAndAll() {
        LinkBackoff b = new LinkBackoff(FIVE_SECONDS);
        for (int i = 0; i < 1_000; i++) {
            long w = b.failed(3);
            assertTrue(w >= 50 * MS && w <= 2_000 * MS, "wait " + w);
        }
    }

    @Test
    void theCeilingIsHalfAShortFailureTimeout() {
        LinkBackoff b = new LinkBackoff(TimeUnit.SECONDS.toNanos(1), bound -> bound);
        assertEquals(500 * MS, b.ceilingNanos());
        assertEquals(new LinkBackoff(TimeUnit.MILLISECONDS.toNanos(50)).ceilingNanos(), LinkBackoff.FIRST_NANOS,
                "never below the first wait");
    }

    @Test
    void aLinkThatFormsStartsTheCountAgainForItsMemberOnly() {
        LinkBackoff b = new LinkBackoff(FIVE_SECONDS, bound -> bound);
        b.failed(1);
        b.failed(1);
        b.failed(2);
        assertTrue(b.failing(1));
        b.reset(1);
        assertFalse(b.failing(1));
        assertEquals(100 * MS, b.failed(1));
        assertEquals(200 * MS, b.failed(2));
    }
}
