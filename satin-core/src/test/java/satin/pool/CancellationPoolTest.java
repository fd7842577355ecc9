package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import satin.deque.DequeKind;
import satin.lb.RandomStealing;
import satin.registry.Registry;
import satin.runtime.InvocationRecord;
import satin.runtime.NodeConfig;
import satin.stats.report.PoolSummary;
import satin.testing.Await;

/**
 * A failure cancels the later spawns of its invocation across nodes too (docs/decisions/0052):
 * when a sibling another node stole fails, the owner drops the later ones it still has, and a later
 * one that another node stole is told to stop there (the Abandon message of orphans), while the
 * sync throws the earliest failure.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CancellationPoolTest {

    /** Two nodes: the master and a thief, with the workers and deque given. */
    private static List<PoolNode> pool(String name, NodeConfig master, NodeConfig thief) throws InterruptedException {
        Registry registry = Registry.start(PoolNode.transport(), name, "secret", "local://" + name + "-registry");
        List<PoolNode> nodes = new ArrayList<>();
        NodeConfig[] configs = {master.withName(name + "-0"), thief.withName(name + "-1")};
        for (int i = 0; i < 2; i++) {
            nodes.add(PoolNode.join(PoolConfig.of(name, "secret", name + "-" + i, "c0", "local://" + name + "-" + i,
                    registry.address(), i == 0), configs[i], new RandomStealing(), Allowlist.forProgram()));
        }
        Await.until(() -> nodes.get(0).members().size() == 2, Duration.ofSeconds(10), () -> "the pool to form");
        return nodes;
    }

    private static void awaitFailure(InvocationRecord record) {
        try {
            Await.until(() -> record.failure() != null, Duration.ofSeconds(30), () -> "the stolen sibling to fail");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static SpawnException run(PoolNode master, Racing racing) {
        Racing.reset();
        return assertThrows(SpawnException.class, () -> master.node().call(() -> {
            racing.parent(records -> awaitFailure(records[racing.failing]));
            return null;
        }));
    }

    @Test
    void noLaterSiblingStartsOnceOneAnotherNodeStoleFailed() throws Exception {
        List<PoolNode> nodes = pool("cancel-owner", NodeConfig.defaults(), NodeConfig.defaults());
        try {
            Racing racing = new Racing(4, 0, -1);
            SpawnException e = run(nodes.get(0), racing);
            assertEquals("sibling 0 failed", e.getCause().getMessage());
            assertEquals("1000", racing.started(), "the later siblings were dropped unrun");
            assertEquals(3, nodes.get(0).node().statistics().total().cancelled());
            nodes.get(0).endRun();
            PoolSummary summary = new PoolSummary(nodes.get(0).gatherReports(20, TimeUnit.SECONDS));
            assertEquals(3, summary.total("jobsCancelled"), "in stats.json");
            assertTrue(summary.table("").contains("cancelled: 3 spawns"), summary.table(""));
        } finally {
            nodes.forEach(PoolNode::close);
        }
    }

    @Test
    void aLaterSiblingAnotherNodeStoleIsToldToStopThere() throws Exception {
        NodeConfig offeringAll = NodeConfig.defaults().withDeque(DequeKind.LOCKED); // every job offered, so both are stolen
        List<PoolNode> nodes = pool("cancel-thief", offeringAll, NodeConfig.defaults().withWorkers(2));
        try {
            Racing racing = new Racing(3, 0, 1);
            SpawnException e = run(nodes.get(0), racing);
            assertEquals("sibling 0 failed", e.getCause().getMessage());
            Await.until(() -> Racing.spawnerEnded, Duration.ofSeconds(30), () -> "the stolen later sibling to stop");
            assertTrue(Racing.ROUNDS.get() < Racing.LOTS, "stopped after " + Racing.ROUNDS.get() + " rounds");
            assertEquals(0, Racing.FINISHED.get(1), "it unwound");
            assertEquals("110", racing.started());
            assertEquals(2, nodes.get(0).node().statistics().total().cancelled(), "one told to stop, one dropped");
            assertEquals(2, nodes.get(1).poolStats().stealRepliesWithJob.get(), "the thief took both");
            assertEquals(0, nodes.get(1).poolStats().jobsAbandoned.get(), "cancelled, not abandoned as an orphan");
        } finally {
            nodes.forEach(PoolNode::close);
        }
    }
}
