package satin.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import satin.deque.DequeKind;

class NodeConfigTest {

    private static Properties props(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void defaultsAreOneWorkerOnTheSplitDeque() {
        NodeConfig c = NodeConfig.fromProperties(new Properties());
        assertEquals(1, c.workers());
        assertEquals(DequeKind.SPLIT, c.deque());
        assertEquals(NodeConfig.DEFAULT_STACK_BYTES, c.stackBytes());
        assertEquals(false, c.byValue());
    }

    @Test
    void byValueIsAlwaysOrOnlyForStolenJobs() {
        assertTrue(NodeConfig.fromProperties(props("satin.byValue", " Always ")).byValue());
        assertEquals(false, NodeConfig.fromProperties(props("satin.byValue", "stolen")).byValue());
        assertTrue(NodeConfig.defaults().withByValue(true).withWorkers(2).withName("n").byValue());
        assertMessage(props("satin.byValue", "true"), "satin.byValue=true", "always or stolen");
    }

    @Test
    void propertiesOverrideTheDefaults() {
        NodeConfig c = NodeConfig.fromProperties(props("satin.workers", " 3 ", "satin.deque", "locked",
                "satin.stack", "64m"));
        assertEquals(3, c.workers());
        assertEquals(DequeKind.LOCKED, c.deque());
        assertEquals(64L << 20, c.stackBytes());
    }

    @Test
    void aBadValueIsRefusedWithThePropertyAndTheValueNamed() {
        assertMessage(props("satin.workers", "two"), "-Dsatin.workers=two: expected a whole number of workers");
        assertMessage(props("satin.workers", "0"), "satin.workers=0", "at least one worker");
        // 100000 worker threads with their stacks: the JVM made threads until it could not, and never started
        assertMessage(props("satin.workers", "100000"), "satin.workers=100000", "at most 4096");
        assertMessage(props("satin.deque", "fifo"), "satin.deque=fifo", "expected split or locked");
        assertMessage(props("satin.stack", "lots"), "satin.stack=lots", "not a size in bytes");
        assertMessage(props("satin.stack", "1k"), "satin.stack=1k", "below 64 KiB");
        assertMessage(props("satin.stack", "-5m"), "-Dsatin.stack=-5m: -5242880 bytes is below 64 KiB");
    }

    /** Only the property that is wrong is named, not every satin.* setting with nulls for those not given. */
    @Test
    void onlyTheWrongPropertyIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NodeConfig.fromProperties(props("satin.deque", "fifo", "satin.workers", "2")));
        assertEquals("-Dsatin.deque=fifo: unknown deque 'fifo': expected split or locked", e.getMessage());
    }

    /**
     * The other settings a node reads as it starts are refused here too, naming them: satin.offered
     * failed the deque class's initialisation (an ExceptionInInitializerError, then "could not
     * initialize class" for every later node), and a switch that is neither true nor false was off.
     */
    @Test
    void offeredAndTheSwitchesAreCheckedAsTheNodeStarts() {
        assertMessage(props("satin.offered", "0"), "-Dsatin.offered=0: expected a number of jobs from 1 to 1024");
        assertMessage(props("satin.offered", "99999999999"), "-Dsatin.offered=99999999999");
        assertMessage(props("satin.stats", "maybe"), "-Dsatin.stats=maybe: expected true or false");
        assertMessage(props("satin.requireRewritten", "yes"), "-Dsatin.requireRewritten=yes: expected true or false");
        assertMessage(props("satin.record", "1"), "-Dsatin.record=1: expected true or false");
        assertEquals(4, NodeConfig.fromProperties(props("satin.offered", " 4 ", "satin.stats", " TRUE ",
                "satin.requireRewritten", "false", "satin.workers", "4")).workers());
    }

    private static void assertMessage(Properties p, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeConfig.fromProperties(p));
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + e.getMessage() + "' should contain '" + part + "'");
        }
    }
}
