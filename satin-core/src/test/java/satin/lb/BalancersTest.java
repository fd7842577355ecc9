package satin.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Balancers by name with their settings; every mistake named. */
class BalancersTest {

    @Test
    void everyBalancerByItsNameWithItsDefaults() {
        for (String name : Balancers.NAMES) {
            LoadBalancer b = Balancers.parse(name).get();
            assertEquals(name, b.name());
            assertNotSame(b, Balancers.parse(name).get(), "one per node");
        }
        assertEquals("CRS", Balancers.parse("crs").get().name());
        Map<String, String> rp = Balancers.parse("RP").get().settings();
        assertEquals("4", rp.get("threshold"));
        assertEquals("4", rp.get("inFlight"));
        assertEquals("1000us", rp.get("interval"));
        assertEquals("10000us", Balancers.parse("CLS").get().settings().get("interval"));
    }

    @Test
    void settingsAreRead() {
        Map<String, String> rp = Balancers.parse("RP:threshold=3, inFlight=9, interval=5ms, victims=distance").get().settings();
        assertEquals(Map.of("threshold", "3", "inFlight", "9", "interval", "5000us", "victims", "distance:100"), rp);
        assertEquals("3", Balancers.parse("CHS:arity=3").get().settings().get("arity"));
        assertEquals("16", Balancers.parse("CLS:threshold=16").get().settings().get("threshold"));
    }

    @Test
    void theEarthBalancersTakeTheirSettings() {
        assertEquals(Map.of("threshold", "5", "inFlight", "3", "interval", "2000us"),
                Balancers.parse("Range:threshold=5,inFlight=3,interval=2ms").get().settings());
        assertEquals("2", Balancers.parse("SND").get().settings().get("threshold"), "rich above two, by default");
        assertEquals("7", Balancers.parse("RAND:inFlight=7").get().settings().get("inFlight"));
        assertEquals("3000us", Balancers.parse("MINIMA:interval=3ms").get().settings().get("interval"));
        assertMessage("SPN has no setting threshold", "SPN:threshold=3");
        assertMessage("HIS needs threshold >= 0", "HIS:threshold=-1");
    }

    @Test
    void mistakesAreNamed() {
        assertMessage("no balancer called 'WS'", "WS");
        assertMessage("RS has no setting threshold", "RS:threshold=3");
        assertMessage("RP setting threshold needs a number, not 'many'", "RP:threshold=many");
        assertMessage("CLS setting interval: found '10'; expected a duration like 250ns, 2us, 10ms, 90s, 30m or 1h", "CLS:interval=10");
        assertMessage("balancer setting 'arity' is not NAME=VALUE", "CHS:arity");
        assertMessage("CHS tree needs at least 1 child", "CHS:arity=0");
        assertMessage("victim selection 'near'", "CRS:victims=near");
        assertMessage("CLS setting chunk must be 1, half, or a number of jobs up to 64, not 'most'", "CLS:chunk=most");
    }

    private static void assertMessage(String expected, String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Balancers.parse(text));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
