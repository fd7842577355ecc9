package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.net.Message;

/** What the master keeps of the statistics that reach it: one report per member of the run, after the stop. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ReportsTest {

    private final Reports reports = new Reports(Set.of(1, 2, 3)::contains);

    @Test
    void nothingIsKeptBeforeTheStop() throws InterruptedException {
        assertEquals("statistics of member 2 before the run ended", reports.add(new Message.Statistics(2, "{}")));
        reports.open(Set.of(2));
        assertEquals(List.of(), reports.await(1, TimeUnit.MILLISECONDS));
    }

    @Test
    void oneReportPerMemberOfTheRunIsKeptInTheOrderOfTheirIds() throws InterruptedException {
        reports.open(Set.of(1, 3));
        assertNull(reports.add(new Message.Statistics(3, "three")));
        assertNull(reports.add(new Message.Statistics(1, "one")));
        assertEquals("statistics of member 3 a second time", reports.add(new Message.Statistics(3, "again")));
        assertEquals("statistics of 7, which was no member of this run", reports.add(new Message.Statistics(7, "x")));
        assertEquals(List.of("one", "three"), reports.await(1, TimeUnit.SECONDS));
    }

    @Test
    void theMasterWaitsForReportsThatComeLater() throws InterruptedException {
        reports.open(Set.of(1, 2));
        Thread late = new Thread(() -> {
            reports.add(new Message.Statistics(2, "two"));
            reports.add(new Message.Statistics(1, "one"));
        });
        late.start();
        assertEquals(List.of("one", "two"), reports.await(20, TimeUnit.SECONDS));
        late.join();
    }

    @Test
    void aMemberThatGoesAfterTheStopIsNotWaitedFor() throws InterruptedException {
        reports.open(Set.of(1, 2, 3));
        assertNull(reports.add(new Message.Statistics(1, "one")));
        assertNull(reports.add(new Message.Statistics(3, "three")));
        Thread dies = new Thread(() -> reports.gone(2));
        dies.start();
        long start = System.nanoTime();
        assertEquals(List.of("one", "three"), reports.await(20, TimeUnit.SECONDS));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10), "the master did not wait for member 2");
        dies.join();
    }
}
