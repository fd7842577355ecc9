package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.SpawnException;
import satin.codec.Allowlist;
import satin.lb.NoBalancing;
import satin.lb.RandomStealing;
import satin.registry.Registry;
import satin.runtime.NodeConfig;
import satin.stats.report.PoolSummary;
import satin.testing.Await;

/**
 * A pool of nodes in this JVM, over in-VM channels: they join through the registry, steal from
 * each other with RS, and compute what the sequential program computes; failures cross nodes;
 * the master's end stops everyone and gathers their statistics.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PoolTest {

    static List<PoolNode> pool(String name, int nodes) throws InterruptedException {
        Registry registry = Registry.start(PoolNode.transport(), name, "secret", "local://" + name + "-registry");
        List<PoolNode> all = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            all.add(PoolNode.join(PoolConfig.of(name, "secret", name + "-" + i, "c" + (i % 2), "local://" + name + "-" + i,
                    registry.address(), i == 0), NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram()));
        }
        return all;
    }

    static void close(List<PoolNode> nodes) {
        nodes.forEach(PoolNode::close);
    }

    @Test
    void sixteenNodesComputeTheSequentialResultAndStealFromEachOther() throws Exception {
        List<PoolNode> nodes = pool("sixteen", 16);
        try {
            PoolNode master = nodes.get(0);
            assertTrue(master.isMaster());
            // the last joins reach the master a moment after their own answer
            Await.holds(() -> master.members().size() == 16, Duration.ofSeconds(10));
            assertEquals(16, master.members().size());
            long n = 40_000;
            // Runs again until work has spread: on a busy machine one run may end while the
            // other nodes' first steals are still on their way. Each run must be right.
            long spreadBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int runs = 0;
            long given;
            do {
                long result = master.node().call(() -> new Summing(50, 500_000).sum(0, n));
                assertEquals(Summing.sequential(0, n), result);
                runs++;
                given = nodes.stream().mapToLong(p -> p.poolStats().jobsGiven.get()).sum();
            } while (given <= 10 && System.nanoTime() < spreadBy);
            long received = nodes.stream().mapToLong(p -> p.poolStats().resultsReceived.get()).sum();
            long sent = nodes.stream().mapToLong(p -> p.poolStats().resultsSent.get()).sum();
            assertTrue(given > 10, "jobs travelled between nodes in " + runs + " runs: " + given);
            assertEquals(given, received, "every job given came back once");
            assertEquals(given, sent);
            master.endRun();
            List<String> reports = master.gatherReports(20, TimeUnit.SECONDS);
            assertEquals(16, reports.size(), "the master has everyone's statistics");
            assertTrue(reports.get(0).startsWith("{\"node\":1,"), reports.get(0));
            assertTrue(reports.stream().allMatch(r -> r.contains("\"activity\":[")));
            PoolSummary summary = new PoolSummary(reports);
            // the nodes alternate between clusters c0 and c1, and steal at random across both
            assertTrue(summary.total("wanMessagesSent") > 0 && summary.total("lanMessagesSent") > 0, summary.table(""));
            for (int i = 0; i < summary.nodes(); i++) { // each report read its counters once, while messages still went
                assertEquals(summary.value(i, "messagesSent"),
                        summary.value(i, "wanMessagesSent") + summary.value(i, "lanMessagesSent"), reports.get(i));
            }
        } finally {
            close(nodes);
        }
    }

    @Test
    void aFailureOnAThiefComesBackToTheSyncAsItsCause() throws Exception {
        List<PoolNode> nodes = pool("failing", 4);
        try {
            PoolNode master = nodes.get(0);
            SpawnException e = assertThrows(SpawnException.class,
                    () -> master.node().call(() -> new Summing(10, 200_000).sum(-1, 2_000)));
            IllegalArgumentException cause = assertInstanceOf(IllegalArgumentException.class, e.getCause());
            assertEquals("negative element -1", cause.getMessage());
            assertTrue(cause.getStackTrace().length > 0 && cause.getStackTrace()[0].getMethodName().equals("sum"));
        } finally {
            close(nodes);
        }
    }

    @Test
    void aThiefThatVanishesHasItsJobsRunAgainByTheOwner() throws Exception {
        List<PoolNode> nodes = pool("vanishing", 3);
        try {
            PoolNode master = nodes.get(0);
            Thread killer = new Thread(() -> {
                try {
                    while (nodes.get(1).poolStats().stealRepliesWithJob.get() == 0) {
                        Thread.sleep(1);
                    }
                    nodes.get(1).close(); // mid-run, with a stolen job in hand
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            killer.start();
            long n = 20_000;
            assertEquals(Summing.sequential(0, n), (long) master.node().call(() -> new Summing(50, 300_000).sum(0, n)));
            killer.join();
        } finally {
            close(nodes);
        }
    }

    @Test
    void aJobStolenFromANodeThatHadItFromElsewhereReportsBackThroughIt() throws Exception {
        String name = "twice";
        Registry registry = Registry.start(PoolNode.transport(), name, "secret", "local://" + name + "-registry");
        List<PoolNode> nodes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            nodes.add(PoolNode.join(PoolConfig.of(name, "secret", name + "-" + i, "c", "local://" + name + "-" + i,
                    registry.address(), i == 0), NodeConfig.defaults(), new NoBalancing(), Allowlist.forProgram()));
        }
        for (PoolNode p : nodes) {
            awaitCount(() -> p.members().size(), 3); // a steal from a member not yet known is refused at once
        }
        PoolNode owner = nodes.get(0);
        PoolNode middle = nodes.get(1);
        PoolNode last = nodes.get(2);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch entered = new java.util.concurrent.CountDownLatch(1);
        Thread busy = new Thread(() -> middle.node().call(() -> {
            entered.countDown();
            return release.await(30, TimeUnit.SECONDS);
        }));
        try {
            busy.start(); // the middle node's only worker waits: a job it steals stays in its queue
            assertTrue(entered.await(20, TimeUnit.SECONDS));
            long n = 16_000;
            var sum = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> owner.node().call(() -> new Summing(1_000, 20_000_000).sum(0, n)));
            awaitCount(() -> owner.node().queuedJobs(), 1);
            while (middle.poolStats().stealRepliesWithJob.get() == 0) { // the owner may be between offers
                long replies = middle.poolStats().stealRepliesEmpty.get();
                middle.balancerPort().requestSteal(owner.id());
                awaitCount(() -> middle.poolStats().stealRepliesWithJob.get() + middle.poolStats().stealRepliesEmpty.get(),
                        replies + 1);
            }
            assertEquals(1, middle.node().queuedJobs(), "the stolen job waits in the middle node's queue");
            last.balancerPort().requestSteal(middle.id());
            assertEquals(Summing.sequential(0, n), (long) sum.get(60, TimeUnit.SECONDS));
            assertEquals(1, middle.poolStats().jobsGiven.get(), "the middle node passed the job on");
            assertEquals(1, last.poolStats().resultsSent.get(), "the last node ran it");
            awaitCount(() -> middle.poolStats().resultsSent.get(), 1);
            assertEquals(1, middle.poolStats().resultsReceived.get());
            assertEquals(1, owner.poolStats().resultsReceived.get(), "the owner got the result through the middle");
        } finally {
            release.countDown();
            busy.join();
            close(nodes);
            registry.close();
        }
    }

    private static void awaitCount(java.util.function.LongSupplier count, long atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (count.getAsLong() < atLeast) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 20 s for a count of " + atLeast + ", have " + count.getAsLong());
            }
            Thread.sleep(1);
        }
    }
}
