package satin.bench;

import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import satin.net.Connection;
import satin.net.FrameFormat;
import satin.net.Inbox;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.Transport;
import satin.net.WanLinks;

/**
 * The WAN emulation against its configuration: a node of cluster A sends to a node of cluster B
 * through the real pipeline, and the receiver notes when each message arrives. Delay: messages
 * spaced far apart, so that none waits for another; the one-way delay should be the latency plus
 * the message's time on the link. Throughput: a burst, which the link's bandwidth must serialize;
 * the rate between the first arrival and the last should be the bandwidth.
 */
final class WanBench {

    /** What a message of this benchmark occupies the link with beyond its text: version, type, node, length, frame length. */
    private static final int OVERHEAD = 14;

    private static final List<String> LINKS = List.of("10ms/1000KB/s", "10ms/100KB/s", "100ms/1000KB/s", "100ms/100KB/s");

    private WanBench() {
    }

    /** A message sent at a time, and when it arrived. */
    private record Arrival(long sentNanos, long arrivedNanos, int bytes) {
    }

    static void run() throws Exception {
        System.out.printf(Locale.ROOT, "emulated WAN links, one JVM, in-VM channels; java %s%n", System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-16s %14s %14s %16s %16s%n", "link", "delay ms", "configured", "throughput KB/s",
                "configured");
        try (Transport transport = new Transport(2)) {
            for (String link : LINKS) {
                measure(transport, link);
            }
        }
    }

    private static void measure(Transport transport, String text) throws Exception {
        WanLinks links = WanLinks.parse(text);
        WanLinks.Spec spec = links.spec("A", "B");
        LinkedBlockingQueue<Arrival> arrivals = new LinkedBlockingQueue<>();
        java.util.concurrent.CountDownLatch received = new java.util.concurrent.CountDownLatch(1);
        Inbox receiver = new Inbox() {
            @Override
            public void opened(Connection c) {
            }

            @Override
            public void received(Connection c, Message m) {
                if (m instanceof Message.Statistics s) {
                    long sent = Long.parseLong(s.json().substring(0, s.json().indexOf(' ')));
                    arrivals.add(new Arrival(sent, System.nanoTime(), s.json().length()));
                }
            }

            @Override
            public void closed(Connection c) {
                received.countDown();
            }
        };
        String name = "wan-bench-" + text.replaceAll("\\W", "");
        Channel server = transport.listen("local://" + name, new PipelineInitializer(
                new PoolIdentity("bench", "b", "B", "", "s"), true, FrameFormat.DEFAULT_MAX_FRAME, receiver, null, links));
        LinkedBlockingQueue<Connection> opened = new LinkedBlockingQueue<>();
        Inbox sender = new Inbox() {
            @Override
            public void opened(Connection c) {
                c.classify("B", true);
                opened.add(c);
            }

            @Override
            public void received(Connection c, Message m) {
            }

            @Override
            public void closed(Connection c) {
            }
        };
        transport.connect("local://" + name, new PipelineInitializer(new PoolIdentity("bench", "a", "A", "", "s"), false,
                FrameFormat.DEFAULT_MAX_FRAME, sender, null, links), 5_000);
        Connection c = opened.poll(5, TimeUnit.SECONDS);
        try {
            double delay = delayMillis(c, arrivals, spec);
            double throughput = throughputKBs(c, arrivals, spec);
            int small = 100;
            System.out.printf(Locale.ROOT, "%-16s %14.2f %14.2f %16.1f %16.1f%n", text, delay,
                    (spec.latencyNanos() + spec.transmitNanos(small + OVERHEAD)) / 1e6, throughput, spec.bytesPerSecond() / 1e3);
        } finally {
            // both ends closed before the next link and before the event loops stop: a channel
            // closing on a stopped loop has Netty print a warning with a stack trace
            c.close();
            received.await(5, TimeUnit.SECONDS);
            server.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    private static Message message(int bytes) {
        String stamp = System.nanoTime() + " ";
        return new Message.Statistics(0, stamp + "x".repeat(Math.max(0, bytes - stamp.length())));
    }

    /** The median one-way delay of small messages sent far apart. */
    private static double delayMillis(Connection c, LinkedBlockingQueue<Arrival> arrivals, WanLinks.Spec spec)
            throws InterruptedException {
        List<Long> delays = new ArrayList<>();
        long gap = Math.max(2 * spec.latencyNanos(), 20_000_000);
        for (int i = 0; i < 15; i++) {
            c.send(message(100));
            Arrival a = arrivals.poll(5, TimeUnit.SECONDS);
            delays.add(a.arrivedNanos() - a.sentNanos());
            TimeUnit.NANOSECONDS.sleep(gap);
        }
        return Bench.median(delays) / 1e6;
    }

    /** The rate of a burst of about two seconds' worth of the link's bandwidth, first arrival to last. */
    private static double throughputKBs(Connection c, LinkedBlockingQueue<Arrival> arrivals, WanLinks.Spec spec)
            throws InterruptedException {
        int count = 20;
        int bytes = (int) (spec.bytesPerSecond() / 10);
        for (int i = 0; i < count; i++) {
            c.send(message(bytes));
        }
        List<Arrival> got = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            got.add(arrivals.poll(30, TimeUnit.SECONDS));
        }
        long span = got.get(count - 1).arrivedNanos() - got.get(0).arrivedNanos();
        long carried = got.subList(1, count).stream().mapToLong(a -> a.bytes() + OVERHEAD).sum();
        return carried / (span / 1e9) / 1e3;
    }
}
