package satin.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import satin.codec.Allowlist;
import satin.deque.DequeKind;
import satin.lb.NoBalancing;
import satin.pool.PoolConfig;
import satin.pool.PoolNode;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * The round trip of a steal between two nodes over loopback TCP, plain and over TLS, beside the
 * round trip of a raw Netty echo measured in the same run. A steal is what a thief's balancer sets off: the request
 * goes to the victim, which takes the oldest job from its worker's deque and sends it; the thief
 * deserializes it, a worker of the thief runs it, and the result goes back to the victim, which
 * stores it into the waiting record. The clock stops when the victim has applied the result. The
 * echo is a 64-byte frame through a bare Netty pipeline (length framing only) and back. Both wait
 * the same way (yielding), and they alternate in blocks so that noise hits all three. The TLS
 * thief is in another cluster than the victim, so that the default policy ({@code -Dsatin.tls=wan})
 * encrypts its link and no other: one victim serves both thieves. The nodes listen on this
 * machine's address on another interface than loopback (its packets go the loopback device's way
 * all the same): a link to a loopback address is plain under {@code wan}, whatever the clusters.
 */
final class StealBench {

    private static final int ECHO_BYTES = 64;

    private StealBench() {
    }

    static void run(int rounds, int perRound) throws Exception {
        System.setProperty(satin.config.Settings.SAME_JVM_SHORTCUT.name(), "false"); // both nodes are in this JVM, but talk TCP
        System.setProperty(satin.config.Settings.TLS.name(), "wan");
        int warmup = Math.max(2, rounds / 3);
        int jobs = 2 * (warmup + rounds) * perRound;
        Registry registry = Registry.start(PoolNode.transport(), "bench", "bench", "tcp://127.0.0.1:0");
        String own = ownAddress();
        String host = own == null ? "127.0.0.1" : own;
        PoolNode victim = join("victim", "here", host, registry, true);
        PoolNode thief = join("thief", "here", host, registry, false);
        PoolNode tlsThief = own == null ? null : join("tls-thief", "there", host, registry, false);
        StealTarget.release = new CountDownLatch(1);
        long[] sum = new long[1];
        Thread offering = new Thread(() -> sum[0] = victim.node().call(() -> new StealTarget().offer(jobs)), "offering");
        offering.start();
        Echo echo = new Echo();
        try {
            awaitQueued(victim, jobs);
            List<Long> steals = new ArrayList<>();
            List<Long> tlsSteals = new ArrayList<>();
            List<Long> echoes = new ArrayList<>();
            List<Long> firstHalves = new ArrayList<>();
            for (int r = 0; r < warmup + rounds; r++) {
                List<Long> h = new ArrayList<>();
                List<Long> s = stealRound(thief, victim, perRound, h);
                List<Long> t = tlsThief == null ? List.of() : stealRound(tlsThief, victim, perRound, new ArrayList<>());
                List<Long> e = echo.round(perRound);
                if (r >= warmup) {
                    steals.addAll(s);
                    tlsSteals.addAll(t);
                    echoes.addAll(e);
                    firstHalves.addAll(h);
                }
            }
            expectTls(thief, false);
            if (tlsThief != null) {
                expectTls(tlsThief, true);
            }
            report(steals, tlsSteals, echoes, rounds, perRound, victim);
            reportHalves(steals, firstHalves, echoes);
        } finally {
            StealTarget.release.countDown();
            offering.join(30_000);
            echo.close();
            // the run's end, and every member's report in, so that the master's leaving is not taken
            // for its death, nor a thief's report for a stranger's
            victim.endRun();
            victim.gatherReports(30, TimeUnit.SECONDS);
            if (tlsThief != null) {
                tlsThief.close();
            }
            thief.close();
            victim.close();
            registry.close();
            PoolNode.closeTransport();
        }
        long n = jobs;
        if (sum[0] != n * (n + 1) / 2) {
            throw new AssertionError("the victim's sum is " + sum[0] + ", not " + n * (n + 1) / 2 + ": a result was lost");
        }
    }

    /**
     * The victim's worker sits in a job for the whole benchmark; a split deque would offer thieves
     * only its oldest job until the owner pushes or pops again, so the victim uses the locked
     * deque, which offers all. The deque is not what this measures: the protocol is the same.
     */
    private static PoolNode join(String name, String cluster, String host, Registry registry, boolean master)
            throws InterruptedException {
        return PoolNode.join(PoolConfig.of("bench", "bench", name, cluster, "tcp://" + host + ":0", registry.address(),
                master), NodeConfig.defaults().withDeque(DequeKind.LOCKED), new NoBalancing(), Allowlist.forProgram());
    }

    /** This machine's IPv4 address on an interface other than loopback, or null if it has none. */
    private static String ownAddress() throws java.net.SocketException {
        for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            if (i.isUp() && !i.isLoopback()) {
                for (java.net.InetAddress a : java.util.Collections.list(i.getInetAddresses())) {
                    if (a instanceof java.net.Inet4Address && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        }
        return null;
    }

    private static void awaitQueued(PoolNode victim, int jobs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (victim.node().queuedJobs() < jobs) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the victim spawned only " + victim.node().queuedJobs() + " jobs");
            }
            Thread.sleep(1);
        }
    }

    /**
     * {@code count} steals one after the other; each one's time from the request to the job handed
     * to a worker of the thief (the thief's own steal wait, read off its counter) goes to {@code halves}.
     */
    private static List<Long> stealRound(PoolNode thief, PoolNode victim, int count, List<Long> halves) {
        List<Long> times = new ArrayList<>(count);
        AtomicLong applied = victim.poolStats().resultsReceived;
        AtomicLong waited = thief.poolStats().stealWaitNanos;
        for (int i = 0; i < count; i++) {
            long before = applied.get();
            long waitedBefore = waited.get();
            long start = System.nanoTime();
            thief.balancerPort().requestSteal(victim.id());
            while (applied.get() == before) {
                Thread.yield();
                if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(10)) {
                    throw new IllegalStateException("steal " + i + " did not come back in 10 s; thief "
                            + describe(thief) + "; victim " + describe(victim));
                }
            }
            times.add(System.nanoTime() - start);
            while (waited.get() == waitedBefore) { // the thief's event loop adds it after handing the job over
                Thread.yield();
            }
            halves.add(waited.get() - waitedBefore);
        }
        if (thief.poolStats().stealRepliesEmpty.get() > 0) {
            throw new IllegalStateException("the victim ran out of jobs to steal");
        }
        return times;
    }

    /** What is measured is what is named: each thief's links are TLS or plain as its row says. */
    private static void expectTls(PoolNode thief, boolean tls) {
        for (var c : thief.memberLinks()) {
            if (c.encrypted() != tls) {
                throw new IllegalStateException(c + " is " + (tls ? "plain" : "TLS") + ", not as measured");
            }
        }
    }

    private static String describe(PoolNode p) {
        var s = p.poolStats();
        return "asked " + s.stealRequestsSent + ", got " + s.stealRepliesWithJob + ", empty " + s.stealRepliesEmpty
                + ", requests received " + s.stealRequestsReceived + ", given " + s.jobsGiven + ", results sent "
                + s.resultsSent + ", received " + s.resultsReceived + ", queued " + p.node().queuedJobs();
    }

    private static void report(List<Long> steals, List<Long> tlsSteals, List<Long> echoes, int rounds, int perRound,
            PoolNode victim) {
        double steal = Bench.median(steals);
        double echo = Bench.median(echoes);
        System.out.printf(Locale.ROOT, "steal round trip over loopback TCP: %d rounds of %d, java %s, %d cpus%n", rounds,
                perRound, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "%-44s %10s %10s %10s%n", "", "median us", "p10 us", "p90 us");
        row("steal: request, job, run on the thief, result", steals);
        if (!tlsSteals.isEmpty()) {
            row("the same steal over TLS 1.3", tlsSteals);
        }
        row("raw Netty echo of " + ECHO_BYTES + " bytes", echoes);
        if (tlsSteals.isEmpty()) {
            System.out.println("TLS not measured: this machine has no network interface but loopback, and under"
                    + " -Dsatin.tls=wan a link on loopback is plain");
        } else {
            System.out.printf(Locale.ROOT, "TLS costs %.1f us a steal (%.2fx)%n", (Bench.median(tlsSteals) - steal) / 1e3,
                    Bench.median(tlsSteals) / steal);
        }
        System.out.printf(Locale.ROOT, "a steal costs %.2fx an echo (bytes per steal: %d)%n", steal / echo,
                victim.traffic().snapshot().total().bytesOut() / Math.max(1, victim.poolStats().jobsGiven.get()));
    }

    /**
     * A steal's first half, request to job handed to a worker of the thief, is a round trip from a
     * thread outside the event loops, as the echo is; the second half is what a steal adds to it.
     */
    private static void reportHalves(List<Long> steals, List<Long> firstHalves, List<Long> echoes) {
        double first = Bench.median(firstHalves);
        System.out.printf(Locale.ROOT, "of a steal: request to job handed to a worker %.1f us median (%.2fx the echo),"
                + " the rest (worker, result, applied) %.1f us%n", first / 1e3, first / Bench.median(echoes),
                (Bench.median(steals) - first) / 1e3);
    }

    private static void row(String name, List<Long> samples) {
        long[] s = samples.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "%-44s %10.1f %10.1f %10.1f%n", name, Bench.median(samples) / 1e3,
                s[s.length / 10] / 1e3, s[s.length * 9 / 10] / 1e3);
    }

    /** A bare Netty echo over loopback TCP: length framing and a handler that sends each frame back. */
    private static final class Echo implements AutoCloseable {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        private final Channel server;
        private final Channel client;
        private final AtomicLong replies = new AtomicLong();

        Echo() throws InterruptedException {
            server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(framed(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ctx.writeAndFlush(msg);
                        }
                    })).bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
            client = new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                    .handler(framed(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ((ByteBuf) msg).release();
                            replies.incrementAndGet();
                        }
                    })).connect(server.localAddress()).sync().channel();
        }

        private static ChannelInitializer<Channel> framed(ChannelInboundHandlerAdapter last) {
            return new ChannelInitializer<>() {
                @Override
                protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 20, 0, 4, 0, 4),
                            new LengthFieldPrepender(4), last);
                }
            };
        }

        List<Long> round(int count) {
            List<Long> times = new ArrayList<>(count);
            byte[] payload = new byte[ECHO_BYTES];
            for (int i = 0; i < count; i++) {
                long before = replies.get();
                long start = System.nanoTime();
                client.writeAndFlush(Unpooled.wrappedBuffer(payload));
                while (replies.get() == before) {
                    Thread.yield();
                }
                times.add(System.nanoTime() - start);
            }
            return times;
        }

        @Override
        public void close() {
            client.close();
            server.close();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }
}
