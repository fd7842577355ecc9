package satin.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import satin.codec.Allowlist;
import satin.lb.LoadBalancer;
import satin.net.WanLinks;
import satin.pool.PoolConfig;
import satin.pool.PoolNode;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * A pool of nodes in this JVM, as one cluster or as four over emulated wide-area links, formed for
 * one call on its master and closed after it: what the balancers' and the search programs'
 * benchmarks run on. It says what the call returned, how long it took, and what the nodes sent
 * and stole meanwhile.
 */
final class GridPool {

    private static int runs;

    private GridPool() {
    }

    /** What a call returned, and its {@link BalancerBench.Outcome}. */
    record Run<T>(T value, BalancerBench.Outcome outcome) {
    }

    /** Runs {@code root} on the master of {@code nodes} nodes on {@code setting} ("1 cluster", or WAN text for 4 clusters). */
    static synchronized <T> Run<T> run(int nodes, String setting, Supplier<LoadBalancer> make, Callable<T> root)
            throws InterruptedException {
        boolean wide = !setting.equals("1 cluster");
        WanLinks links = wide ? WanLinks.parse(BalancerBench.linksOf(setting)) : WanLinks.none();
        // read by each connection's pipeline as it is made: this run's links coalesce, or not
        System.setProperty(satin.net.Coalescer.PROPERTY, BalancerBench.windowOf(setting));
        int clusters = wide ? 4 : 1;
        String pool = "bench" + (++runs);
        Registry registry = Registry.start(PoolNode.transport(), pool, "bench", "local://" + pool + "/registry");
        List<PoolNode> all = new ArrayList<>();
        Throwable failed = null;
        try {
            for (int i = 0; i < nodes; i++) {
                PoolConfig c = PoolConfig.of(pool, "bench", pool + "-" + i, "c" + (i * clusters / nodes),
                        "local://" + pool + "/" + i, registry.address(), i == 0).withWan(links);
                all.add(PoolNode.join(c, NodeConfig.defaults().withStackBytes(16 << 20), make.get(), Allowlist.forProgram()));
            }
            PoolNode master = all.get(0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (all.stream().anyMatch(p -> p.members().size() < nodes) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            if (wide) {
                // what the forming pool sent waits on the emulated links for a latency and is counted as it
                // leaves: it must leave before the counters are read (at 100 ms, 531 lifeline requests LL
                // sent at the last joins were counted as the run's WAN messages, 2026-11-25)
                Thread.sleep(2 * TimeUnit.NANOSECONDS.toMillis(links.spec("c0", "c1").latencyNanos()) + 10);
            }
            Map<String, Long> before = counts(all);
            long cpu = cpuNanos();
            long start = System.nanoTime();
            T value = master.node().call(root);
            long elapsed = System.nanoTime() - start;
            // the share of the machine's cores this JVM kept busy: near 1, the emulation lacks CPU
            double busy = (cpuNanos() - cpu) / (double) elapsed / Runtime.getRuntime().availableProcessors();
            Map<String, Long> after = counts(all);
            master.endRun();
            master.gatherReports(30, TimeUnit.SECONDS);
            after.replaceAll((k, v) -> v - before.get(k));
            return new Run<>(value, new BalancerBench.Outcome(elapsed / 1e9, busy, after));
        } catch (RuntimeException | Error | InterruptedException e) {
            failed = e;
            throw e;
        } finally {
            close(all, registry, failed);
        }
    }

    /** The CPU time this process has used, or -1 where the platform does not say. */
    private static long cpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /** Closes the pool; a failure to close goes with the run's own failure, if any, rather than hiding it. */
    private static void close(List<PoolNode> all, Registry registry, Throwable failed) {
        try {
            all.forEach(PoolNode::close);
            registry.close();
        } catch (RuntimeException e) {
            if (failed == null) {
                throw e;
            }
            failed.addSuppressed(e);
        }
    }

    /**
     * What the nodes have sent and stolen so far: WAN and LAN messages, WAN steal requests and steals,
     * prefetched and pushed jobs, LAN steal requests, the wait for steal replies. Read before and
     * after the root call, so that a run counts what its call did, not what the idle nodes did while
     * the pool formed.
     */
    private static Map<String, Long> counts(List<PoolNode> nodes) {
        Map<String, Long> c = new LinkedHashMap<>();
        for (PoolNode p : nodes) {
            satin.stats.PoolStats s = p.poolStats();
            satin.net.Traffic.Snapshot t = p.traffic().snapshot();
            c.merge("wanMessagesSent", t.wan().messagesOut(), Long::sum);
            c.merge("lanMessagesSent", t.lan().messagesOut(), Long::sum);
            c.merge("wanBytesSent", t.wan().bytesOut(), Long::sum);
            c.merge("lanBytesSent", t.lan().bytesOut(), Long::sum);
            c.merge("wanStealRequests", s.wanStealRequests.get(), Long::sum);
            c.merge("wanSteals", s.wanSteals.get(), Long::sum);
            c.merge("lanStealRequests", s.lanStealRequests.get(), Long::sum);
            c.merge("lanSteals", s.lanSteals.get(), Long::sum);
            c.merge("prefetchRequests", s.prefetchRequests.get(), Long::sum);
            c.merge("prefetched", s.prefetched.get(), Long::sum);
            c.merge("jobsPushed", s.jobsPushed.get(), Long::sum);
            c.merge("notesSent", s.notesSent.get(), Long::sum);
            c.merge("stealRequestsPassedOn", s.stealRequestsPassedOn.get(), Long::sum);
            c.merge("jobsGiven", s.jobsGiven.get(), Long::sum);
            c.merge("chunkJobsGiven", s.chunkJobsGiven.get(), Long::sum);
            c.merge("wanChunkJobsGiven", s.wanChunkJobsGiven.get(), Long::sum);
            c.merge("resultsSent", s.resultsSent.get(), Long::sum);
            c.merge("stealWaitNanos", s.stealWaitNanos.get(), Long::sum);
            c.merge("wanWritesSent", p.replicas().wanWritesSent(), Long::sum);
        }
        return c;
    }
}
