package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.LoadBalancer;
import satin.lb.NoBalancing;
import satin.lb.RandomStealing;
import satin.net.Liveness;
import satin.registry.Registry;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.stats.PoolStats;

/**
 * A link between two live members whose first attempts fail (the connection refused, closed before
 * the handshake, a handshake that never ends) is formed again by itself, and work then flows over
 * it both ways: the member whose link failed runs jobs of the other, and the other of it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LinksFormAgainTest {

    /** The default failure timeout: a loaded two-core machine can stall a node for two seconds, and that must not be a death here. */
    private static final long TIMEOUT_MILLIS = 5_000;
    private static int pools;
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() {
        List<AutoCloseable> reversed = new ArrayList<>(open);
        Collections.reverse(reversed); // the late member before the owner, the registry last
        Faults.closeAll(reversed);
    }

    /**
     * The late member's balancer asks once, as process4's did in the chaos run that left it idle:
     * before, nothing dialled the link again until something asked for it again, and a member
     * whose balancer did not ask that victim again stayed without it for the run.
     */
    @Test
    void aLinkThatFailedToFormIsFormedAgainWithoutAnotherAsk() throws Exception {
        String pool = "form-again-" + (++pools);
        Registry r = registry(pool);
        PoolNode owner = join(r, pool, 0, new RandomStealing(), Dialer.TRANSPORT);
        FaultyDialer faulty = new FaultyDialer(owner.address()).refused().closedBeforeHandshake().silent();
        open.add(faulty);
        PoolNode late = join(r, pool, 1, new NoBalancing(), faulty);
        Faults.await("both members know both", 10, () -> owner.members().size() == 2 && late.members().size() == 2);
        late.balancerPort().requestSteal(owner.id());
        Faults.await("the late member's link to the owner formed, after three failed attempts", 30,
                () -> !late.links().connections().isEmpty());
        assertEquals(4, faulty.dials(), "three faulty attempts, one that formed, and no more");
        try (Work work = new Work(owner)) {
            Faults.await("the late member runs jobs it took from the owner", 60, () -> {
                askOnceAtATime(late, owner.id());
                return late.poolStats().resultsSent.get() > 0;
            });
            Faults.await("the owner runs jobs it took from the late member", 60,
                    () -> owner.poolStats().resultsSent.get() > 0);
        }
    }

    /** Both members steal with RS while the late one's first attempts fail: the run is right, and both ran jobs. */
    @Test
    void withRandomStealingJobsRunAtBothEndsOnceTheLinkForms() throws Exception {
        String pool = "form-again-" + (++pools);
        Registry r = registry(pool);
        PoolNode owner = join(r, pool, 0, new RandomStealing(), Dialer.TRANSPORT);
        FaultyDialer faulty = new FaultyDialer(owner.address()).closedBeforeHandshake().silent().refused();
        open.add(faulty);
        PoolNode late = join(r, pool, 1, new RandomStealing(), faulty);
        Faults.await("both members know both", 10, () -> owner.members().size() == 2 && late.members().size() == 2);
        try (Work work = new Work(owner)) {
            Faults.await("both members run jobs of the other", 60,
                    () -> late.poolStats().resultsSent.get() > 0 && owner.poolStats().resultsSent.get() > 0);
            assertTrue(faulty.dials() >= 4, "three faulty attempts and one that formed: " + faulty.dials());
        }
    }

    /** The registry's verdict ends the dialling: a member that left is not dialled again. */
    @Test
    void aMemberThatLeftIsNotDialledAgain() throws Exception {
        String pool = "form-again-" + (++pools);
        Registry r = registry(pool);
        join(r, pool, 0, new RandomStealing(), Dialer.TRANSPORT);
        PoolNode leaving = join(r, pool, 1, new NoBalancing(), Dialer.TRANSPORT);
        FaultyDialer faulty = new FaultyDialer(leaving.address());
        for (int i = 0; i < 100; i++) {
            faulty.refused();
        }
        open.add(faulty);
        PoolNode late = join(r, pool, 2, new NoBalancing(), faulty);
        Faults.await("the late member knows all three", 10, () -> late.members().size() == 3);
        int id = leaving.id();
        late.balancerPort().requestSteal(id);
        Faults.await("the late member dials again by itself", 30, () -> faulty.dials() >= 3);
        leaving.close();
        open.remove(leaving);
        Faults.await("the late member hears that it left", 30, () -> late.members().size() == 2);
        Faults.await("no link waits to be dialled again", 10, () -> !late.links().formingAgain(id));
        int dials = faulty.dials();
        // whatever back-off was running when it left has ended once the longest one has passed
        java.util.concurrent.CountDownLatch passed = new java.util.concurrent.CountDownLatch(1);
        SharedTransport.get().schedule(TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS), passed::countDown);
        assertTrue(passed.await(30, TimeUnit.SECONDS));
        assertEquals(dials, faulty.dials(), "dialled after it left");
        assertTrue(late.links().connections().isEmpty());
    }

    /** A steal request of the test's, as a balancer that waits for each reply would send it. */
    private static void askOnceAtATime(PoolNode thief, int victim) {
        PoolStats s = thief.poolStats();
        if (s.stealRequestsSent.get() == s.stealRepliesWithJob.get() + s.stealRepliesEmpty.get()) {
            thief.balancerPort().requestSteal(victim);
        }
    }

    /** The owner's runs, one after another until closed, each checked against the sequential sum. */
    private static final class Work implements AutoCloseable {
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Future<Integer> runs;

        Work(PoolNode owner) {
            long n = 20_000;
            runs = Faults.start("the owner's runs", () -> {
                int count = 0;
                while (!stop.get()) {
                    assertEquals(Summing.sequential(0, n), owner.node().call(() -> new Summing(50, 1_000_000).sum(0, n)));
                    count++;
                }
                return count;
            });
        }

        @Override
        public void close() throws Exception {
            stop.set(true);
            Faults.finish("the owner's last run", runs, 60);
        }
    }

    private PoolNode join(Registry r, String pool, int i, LoadBalancer balancer, Dialer dialer)
            throws InterruptedException {
        PoolConfig config = PoolConfig.of(pool, "secret", pool + "-" + i, "c", "tcp://127.0.0.1:0", r.address(), i == 0)
                .withFailureTimeout(TIMEOUT_MILLIS);
        PoolNode p = PoolNode.join(config, Node.start(NodeConfig.defaults().withName(config.name())), balancer,
                Allowlist.forProgram(), dialer);
        open.add(p);
        return p;
    }

    private Registry registry(String pool) throws InterruptedException {
        Registry r = Registry.start(PoolNode.transport(), pool, "secret", "local://" + pool + "/registry", null,
                Liveness.Settings.of(TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS)));
        open.add(r::close);
        return r;
    }
}
