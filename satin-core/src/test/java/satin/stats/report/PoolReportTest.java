package satin.stats.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.net.Traffic;

/**
 * A node's report agrees with itself while its connections are still busy: the master's table
 * compares totals with their LAN and WAN parts, and a report whose counters were read one by one
 * as messages went out would not add up.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class PoolReportTest {

    private static final int REPORTS = 2_000;
    private static final int WARM = 10_000;

    @Test
    void trafficTotalsAreTheSumsOfTheirPartsWhileMessagesGoOut() throws InterruptedException {
        Traffic traffic = new Traffic();
        AtomicBoolean done = new AtomicBoolean();
        Thread sender = new Thread(() -> send(traffic, done), "report-test-sender");
        sender.start();
        try {
            while (traffic.snapshot().total().messagesOut() < WARM) {
                Thread.onSpinWait(); // until the sender goes at full speed; the test's timeout bounds the wait
            }
            for (int i = 0; i < REPORTS; i++) {
                StringBuilder b = new StringBuilder("{");
                PoolReport.traffic(b, traffic);
                PoolSummary one = new PoolSummary(List.of(b.append("\"activity\":[]}").toString()));
                assertEquals(one.total("lanMessagesSent") + one.total("wanMessagesSent"), one.total("messagesSent"),
                        b::toString);
                assertEquals(one.total("lanBytesSent") + one.total("wanBytesSent"), one.total("bytesSent"), b::toString);
            }
        } finally {
            done.set(true);
            sender.join();
        }
    }

    /** Counts frames going out until told to stop, on a channel of this thread's own. */
    private static void send(Traffic traffic, AtomicBoolean done) {
        EmbeddedChannel ch = new EmbeddedChannel(traffic);
        byte[] body = new byte[10]; // a message's body, not a heartbeat's
        while (!done.get()) {
            ch.writeOutbound(Unpooled.wrappedBuffer(body));
            ch.releaseOutbound();
        }
        ch.finishAndReleaseAll();
    }
}
