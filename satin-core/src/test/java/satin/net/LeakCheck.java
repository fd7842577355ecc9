package satin.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class after which Netty finds a buffer that was never released. Registered for
 * every test class of the modules whose tests see this one (META-INF/services, with extension
 * autodetection on in junit-platform.properties, both in satin-core's test jar), with Netty's leak detector at {@code paranoid} there, so that
 * every buffer is tracked. Netty only logs a leak, when a later allocation finds a collected
 * buffer unreleased; this records what it logs and, after each class, collects garbage and
 * allocates until every collected buffer has been looked at.
 */
public final class LeakCheck implements AfterAllCallback {

    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

    static {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            @SuppressWarnings("deprecation")
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                    long maxActive) {
                return new Recording<>(resource, samplingInterval);
            }

            @Override
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
                return new Recording<>(resource, samplingInterval);
            }
        });
    }

    /** Netty's detector, remembering each leak it reports. */
    private static final class Recording<T> extends ResourceLeakDetector<T> {
        Recording(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            LEAKS.add(resourceType + " was not released; where it was last touched:" + records);
            super.reportTracedLeak(resourceType, records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            LEAKS.add(resourceType + " was not released (not traced)");
            super.reportUntracedLeak(resourceType);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<String> leaks = collect();
        if (!leaks.isEmpty()) {
            throw new AssertionError("Netty buffers leaked by " + context.getDisplayName()
                    + " or a class before it:\n" + String.join("\n\n", leaks));
        }
    }

    /**
     * The leaks found since the last call, once garbage was collected: a collected buffer is
     * reported when a later one is tracked, and a few rounds let the collector enqueue it.
     */
    static List<String> collect() {
        for (int i = 0; i < 5 && ResourceLeakDetector.isEnabled(); i++) {
            System.gc();
            ByteBuf probe = PooledByteBufAllocator.DEFAULT.buffer(1);
            probe.release();
        }
        List<String> found = List.copyOf(LEAKS);
        LEAKS.removeAll(found);
        return found;
    }
}
