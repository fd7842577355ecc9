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
        assertMessage(props("satin.workers", "two"), "satin.workers=two", "For input string");
        assertMessage(props("satin.workers", "0"), "satin.workers=0", "at least one worker");
        // 100000 worker threads with their stacks: the JVM made threads until it could not, and never started
        assertMessage(props("satin.workers", "100000"), "satin.workers=100000", "at most 4096");
        assertMessage(props("satin.deque", "fifo"), "satin.deque=fifo", "expected split or locked");
        assertMessage(props("satin.stack", "lots"), "satin.stack=lots", "not a size in bytes");
        assertMessage(props("satin.stack", "1k"), "satin.stack=1k", "below 64 KiB");
    }

    private static void assertMessage(Properties p, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NodeConfig.fromProperties(p));
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + e.getMessage() + "' should contain '" + part + "'");
        }
    }
}
