package satin.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The build's leak check is on, and catches a buffer dropped without release. */
class LeakCheckTest {

    @Test
    void theBuildTracksEveryBuffer() {
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel(),
                "the build runs tests with -Dio.netty.leakDetection.level=paranoid");
    }

    @Test
    void aBufferDroppedUnreleasedIsFound() {
        LeakCheck.collect(); // whatever came before is not this test's
        drop();
        List<String> leaks = List.of();
        for (int i = 0; i < 10 && leaks.isEmpty(); i++) {
            leaks = LeakCheck.collect();
        }
        assertTrue(!leaks.isEmpty() && leaks.get(0).contains("was not released"), leaks.toString());
        assertTrue(String.join("", leaks).contains("LeakCheckTest.drop"), "where it was allocated: " + leaks);
    }

    private static void drop() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.buffer(64);
        leaked.writeInt(42);
    }
}
