package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
        reports.open();
        assertEquals(List.of(), reports.await(1, 1, TimeUnit.MILLISECONDS));
    }

    @Test
    void oneReportPerMemberOfTheRunIsKeptInTheOrderOfTheirIds() throws InterruptedException {
        reports.open();
        assertNull(reports.add(new Message.Statistics(3, "three")));
        assertNull(reports.add(new Message.Statistics(1, "one")));
        assertEquals("statistics of member 3 a second time", reports.add(new Message.Statistics(3, "again")));
        assertEquals("statistics of 7, which was no member of this run", reports.add(new Message.Statistics(7, "x")));
        assertEquals(List.of("one", "three"), reports.await(2, 1, TimeUnit.SECONDS));
    }

    @Test
    void theMasterWaitsForReportsThatComeLater() throws InterruptedException {
        reports.open();
        Thread late = new Thread(() -> {
            reports.add(new Message.Statistics(2, "two"));
            reports.add(new Message.Statistics(1, "one"));
        });
        late.start();
        assertEquals(List.of("one", "two"), reports.await(2, 20, TimeUnit.SECONDS));
        late.join();
    }
}
