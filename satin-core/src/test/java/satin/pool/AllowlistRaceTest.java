package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import satin.codec.Allowlist;

/**
 * A node decodes jobs on several event loops at once. The first job of a spawn record admits the
 * record and, with it, the classes of its fields (the receiver's among them); a job decoded beside
 * it that sees the record admitted must see those classes admitted too, or a valid job is declined
 * ("may not travel") and runs at its owner. LL with steal-half on four clusters declined one so.
 */
class AllowlistRaceTest {

    private static final int FRESH_LISTS = 2_000;
    private static final int THREADS = 4;

    @Test
    void aRecordSeenAdmittedHasItsFieldsAdmittedToo() throws Exception {
        String record = Summing$$Spawn0.class.getName();
        String receiver = Summing.class.getName();
        AtomicReference<Allowlist> current = new AtomicReference<>();
        AtomicInteger declined = new AtomicInteger();
        AtomicReference<Throwable> other = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(THREADS, () -> current.set(
                new Allowlist(AllowlistRaceTest.class.getClassLoader(), null)));
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < FRESH_LISTS; i++) {
                        start.await();
                        Allowlist list = current.get();
                        list.resolve(record); // as a job's decoding does: its record, then its fields' classes
                        try {
                            list.resolve(receiver);
                        } catch (Allowlist.NotAllowedException e) {
                            declined.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    other.compareAndSet(null, e);
                    start.reset();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        if (other.get() != null) {
            throw new AssertionError(other.get());
        }
        assertEquals(0, declined.get(), "jobs declined although their record was admitted, of "
                + FRESH_LISTS * THREADS);
    }
}
