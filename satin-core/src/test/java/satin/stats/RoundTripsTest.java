package satin.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Round trips smoothed per member, and summed per pair of clusters beside the configured ones. */
class RoundTripsTest {

    @Test
    void theFirstSampleCountsAsItIsAndLaterOnesAnEighth() {
        RoundTrips r = new RoundTrips();
        assertEquals(-1, r.smoothedNanos(5));
        r.record(5, 8_000);
        assertEquals(8_000, r.smoothedNanos(5));
        r.record(5, 16_000);
        assertEquals(9_000, r.smoothedNanos(5), "8000 + (16000 - 8000) / 8");
        for (int i = 0; i < 200; i++) {
            r.record(5, 40_000);
        }
        assertTrue(Math.abs(r.smoothedNanos(5) - 40_000) < 10, "it settles on a steady value: " + r.smoothedNanos(5));
        assertEquals(202, r.snapshot().get(5).samples());
    }

    @Test
    void oneWayIsHalfTheMeasuredRoundTripAndTheConfiguredOneUntilThen() {
        RoundTrips r = new RoundTrips();
        assertEquals(7_000, r.oneWayNanos(3, 7_000));
        r.record(3, 30_000);
        assertEquals(15_000, r.oneWayNanos(3, 7_000));
    }

    @Test
    void aNegativeRoundTripIsRefusedWithItsMember() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RoundTrips().record(4, -1));
        assertTrue(e.getMessage().contains("member 4"), e.getMessage());
    }

    @Test
    void theJsonNamesEveryMemberWithItsClusterAndBothRoundTrips() {
        RoundTrips r = new RoundTrips();
        r.record(2, 1_000);
        r.record(9, 20_000_000);
        StringBuilder b = new StringBuilder();
        r.json(b, m -> m < 5 ? "a" : "b\"x", m -> m < 5 ? 0 : 20_000_000);
        assertEquals("\"roundTrips\":[{\"member\":2,\"cluster\":\"a\",\"replies\":1,\"smoothedNanos\":1000,"
                + "\"configuredNanos\":0},{\"member\":9,\"cluster\":\"b\\\"x\",\"replies\":1,\"smoothedNanos\":20000000,"
                + "\"configuredNanos\":20000000}]", b.toString());
    }

    @Test
    void theMatrixWeighsEachNodesValueByItsReplies() {
        RoundTripMatrix m = new RoundTripMatrix();
        m.add("A", "B", 3, 30_000_000, 20_000_000);
        m.add("A", "B", 1, 10_000_000, 20_000_000);
        m.add("A", "A", 10, 60_000, 0);
        RoundTripMatrix.Cell ab = m.cell("A", "B");
        assertEquals(new RoundTripMatrix.Cell(4, 2, 25_000_000, 10_000_000, 30_000_000, 20_000_000), ab);
        assertEquals(null, m.cell("B", "A"), "nobody in B measured A");
        String table = m.table();
        assertTrue(table.contains("| A | A | 0.000 | 0.060 | 0.060 | 0.060 | 10 |"), table);
        assertTrue(table.contains("| A | B | 20.000 | 25.000 | 10.000 | 30.000 | 4 |"), table);
    }
}
