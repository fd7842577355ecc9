package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import satin.net.Message;

/**
 * Members join on the registry's event loop while workers and other connections ask about them:
 * one that is found must be found with its cluster, or a member of this node's own cluster is taken
 * for a wide-area one (its traffic and steals counted as such).
 */
class MembersRaceTest {

    private static final int POOLS = 100_000;
    private static final int JOINS = 8;

    @Test
    void aMemberFoundIsFoundWithItsCluster() throws Exception {
        AtomicReference<Members> current = new AtomicReference<>(fresh());
        AtomicInteger misplaced = new AtomicInteger();
        AtomicReference<Throwable> failed = new AtomicReference<>();
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        Thread reader = new Thread(() -> {
            try {
                while (!done.get()) {
                    Members m = current.get();
                    for (int id = 1; id <= JOINS; id++) {
                        if (m.contains(id) && m.wideArea(id)) {
                            misplaced.incrementAndGet();
                        }
                    }
                }
            } catch (Throwable t) {
                failed.set(t);
            }
        });
        reader.start();
        for (int pool = 0; pool < POOLS; pool++) {
            Members m = fresh();
            current.set(m);
            for (int id = 1; id <= JOINS; id++) {
                m.joined(new Message.Member(id, "n" + id, "c0", "local://n" + id));
            }
        }
        done.set(true);
        reader.join();
        if (failed.get() != null) {
            throw new AssertionError(failed.get());
        }
        assertEquals(0, misplaced.get(), "members of this node's cluster seen as wide-area while they joined");
    }

    private static Members fresh() {
        Members m = new Members("c0");
        m.reset(0, 0, java.util.List.of(new Message.Member(0, "n0", "c0", "local://n0")));
        return m;
    }
}
