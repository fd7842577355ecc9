package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.Balancers;
import satin.lb.LoadBalancer;
import satin.net.WanLinks;
import satin.registry.Registry;
import satin.runtime.NodeConfig;
import satin.testing.Await;

/**
 * What every load balancer must do in a real pool (8 nodes in this JVM, over in-VM channels): the
 * run finishes, the result is the sequential program's, and every job that left its node came back
 * exactly once, on one cluster and on four with emulated wide-area links. One subclass per balancer.
 */
// a stranded job keeps the test thread in Node.call, which does not answer interrupts: a separate thread is given up on
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
abstract class BalancerContract {

    /** The balancer, as {@link Balancers#parse} reads it. */
    abstract String balancer();

    private static int pools;

    private List<PoolNode> pool(int nodes, int clusters, WanLinks wan) throws InterruptedException {
        String name = balancer().replaceAll("\\W", "") + "-" + (++pools);
        Supplier<LoadBalancer> make = Balancers.parse(balancer());
        Registry registry = Registry.start(PoolNode.transport(), name, "secret", "local://" + name + "/registry");
        List<PoolNode> all = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            PoolConfig config = PoolConfig.of(name, "secret", name + "-" + i, "c" + (i * clusters / nodes),
                    "local://" + name + "/" + i, registry.address(), i == 0).withWan(wan);
            all.add(PoolNode.join(config, NodeConfig.defaults(), make.get(), Allowlist.forProgram()));
        }
        Await.holds(() -> all.stream().allMatch(p -> p.members().size() >= nodes), Duration.ofSeconds(10));
        registries.add(registry);
        if (all.stream().anyMatch(p -> p.members().size() < nodes)) {
            StringBuilder threads = new StringBuilder();
            Thread.getAllStackTraces().forEach((t, stack) -> {
                threads.append(t.getName()).append(' ').append(t.getState()).append('\n');
                for (StackTraceElement e : stack) {
                    threads.append("    at ").append(e).append('\n');
                }
            });
            System.err.println(threads);
            AssertionError notFormed = new AssertionError("the pool did not form in 10 s; members known: "
                    + all.stream().map(p -> p.members().size()).toList());
            close(all, notFormed); // a node that cannot close must not hide this
            throw notFormed;
        }
        return all;
    }

    private final List<Registry> registries = new ArrayList<>();

    private void run(int clusters, WanLinks wan) throws InterruptedException {
        List<PoolNode> nodes = pool(8, clusters, wan);
        Throwable failure = null;
        try {
            long n = 16_000;
            // a run of 80 ms of leaves: what must happen in it by chance (a job leaving the master's
            // node, a wide-area message, a steal that finds a chunk) is waited for by running again,
            // each run checked, not hoped for in one: beside a CPU-bound process the thieves may not
            // be scheduled before the master has done everything
            for (int run = 1; run == 1 || !shown(nodes, clusters) && run <= MAX_RUNS; run++) {
                long result = nodes.get(0).node().call(() -> new Summing(40, 200_000).sum(0, n));
                assertEquals(Summing.sequential(0, n), result, balancer() + " on " + clusters + " clusters, run " + run);
            }
            long away = total(nodes, p -> p.poolStats().jobsGiven.get() + p.poolStats().jobsPushed.get());
            assertTrue(away > 0, "jobs left the master's node in " + MAX_RUNS + " runs");
            assertEquals(away, total(nodes, p -> p.poolStats().resultsReceived.get()), "every job came back once");
            assertEquals(away, total(nodes, p -> p.poolStats().resultsSent.get()));
            assertEquals(0, total(nodes, p -> p.poolStats().jobsRerun.get()), "nothing was lost on the way");
            assertRoundTripsMeasured(nodes);
            if (clusters > 1) {
                assertTrue(total(nodes, p -> p.traffic().snapshot().wan().messagesOut()) > 0,
                        "the clusters talked in " + MAX_RUNS + " runs");
            }
            checkCounters(nodes, clusters);
        } catch (RuntimeException | Error e) {
            failure = e; // a node that cannot close cleanly must not hide why the run failed
            throw e;
        } finally {
            close(nodes, failure);
            registries.forEach(Registry::close);
        }
    }

    /** Every reply measured a round trip to its victim, and only replies did. */
    private static void assertRoundTripsMeasured(List<PoolNode> nodes) {
        for (PoolNode p : nodes) {
            long measured = p.poolStats().roundTrips.snapshot().values().stream().mapToLong(m -> m.samples()).sum();
            long replies = p.poolStats().stealRepliesWithJob.get() + p.poolStats().stealRepliesEmpty.get();
            assertTrue(measured <= replies, p.id() + ": " + measured + " round trips from " + replies + " replies");
            if (p.poolStats().stealRepliesWithJob.get() > 0) {
                assertTrue(measured > 0, p.id() + " got jobs by stealing but measured no round trip");
            }
            p.poolStats().roundTrips.snapshot().forEach((m, rt) -> {
                assertTrue(m != p.id(), "a round trip to itself");
                assertTrue(rt.smoothedNanos() >= 2 * p.balancerPort().latencyNanos(m), p.id() + " to " + m + ": " + rt
                        + " is shorter than the emulated latency there and back");
            });
        }
    }

    /** How often a pool runs the program at most, waiting for {@link #shown}. */
    static final int MAX_RUNS = 20;

    /**
     * Whether the runs so far showed what {@link #checkCounters} needs and only chance brings about;
     * until they do, the pool runs the program again, up to {@link #MAX_RUNS} times.
     */
    boolean shown(List<PoolNode> nodes, int clusters) {
        return total(nodes, p -> p.poolStats().jobsGiven.get() + p.poolStats().jobsPushed.get()) > 0
                && (clusters == 1 || total(nodes, p -> p.traffic().snapshot().wan().messagesOut()) > 0);
    }

    /** What a balancer's run must show besides the contract, in its nodes' counters. */
    void checkCounters(List<PoolNode> nodes, int clusters) {
    }

    static long total(List<PoolNode> nodes, java.util.function.ToLongFunction<PoolNode> f) {
        return nodes.stream().mapToLong(f).sum();
    }

    private static void close(List<PoolNode> nodes, Throwable failure) {
        RuntimeException first = null;
        for (PoolNode p : nodes) {
            try {
                p.close();
            } catch (RuntimeException e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                } else if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Test
    void oneClusterComputesTheSequentialResultAndLosesNothing() throws InterruptedException {
        run(1, WanLinks.none());
    }

    @Test
    void fourClustersOverEmulatedWideAreaLinksToo() throws InterruptedException {
        run(4, WanLinks.parse("2ms/10MB/s"));
    }
}
