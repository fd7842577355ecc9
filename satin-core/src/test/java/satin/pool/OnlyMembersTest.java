package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.NoBalancing;
import satin.net.Liveness;
import satin.net.LogCapture;
import satin.net.Message;
import satin.net.PoolIdentity;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * Knowing the pool's secret is not enough to take jobs from a node: its steal protocol hears only
 * members the registry announced. A node that connects a moment before the registry's word about
 * it arrives waits for that word; one the registry never announces is refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OnlyMembersTest {

    private static final String SECRET = "secret";
    private static final long WAIT_SECONDS = 10;
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final String pool = "only-members-" + RUNS.incrementAndGet();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture log = LogCapture.of("satin.pool");
    private Registry registry;
    /** The failure detector's settings, which every end of a pool shares: a peer must speak as often as it is heard. */
    private Liveness.Settings liveness;

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        log.close();
    }

    /**
     * The one member of a pool, which waits {@code failureMillis} for the registry to announce a
     * peer (the failure timeout, which the registry keeps too).
     */
    private PoolNode member(long failureMillis) throws InterruptedException {
        return member(failureMillis, satin.net.FrameFormat.DEFAULT_MAX_FRAME);
    }

    private PoolNode member(long failureMillis, int maxFrame) throws InterruptedException {
        liveness = Liveness.Settings.of(TimeUnit.MILLISECONDS.toNanos(failureMillis));
        registry = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry", null, liveness);
        open.add(registry);
        PoolNode node = PoolNode.join(PoolConfig.of(pool, SECRET, pool + "-member", "c0", "local://" + pool + "/member",
                registry.address(), true).withFailureTimeout(failureMillis).withMaxFrame(maxFrame), NodeConfig.defaults(),
                new NoBalancing(), Allowlist.forProgram());
        open.add(node);
        return node;
    }

    /** A node that knows the secret, connected to {@code address} under {@code name}. */
    private Faults.Peer peer(String name, String address) throws Exception {
        Faults.Peer p = Faults.Peer.connect(new PoolIdentity(pool, name, "c0", "", SECRET), address, liveness);
        open.add(p::close);
        return p;
    }

    @Test
    void aNodeTheRegistryNeverAnnouncedIsRefusedUnheard() throws Exception {
        PoolNode member = member(1_000);
        Faults.Peer stranger = peer("stranger", member.address());
        stranger.send(new Message.StealRequest(1));
        stranger.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(0, member.poolStats().stealRequestsReceived.get(), "refused, not answered");
        String refusal = log.await("refuses", WAIT_SECONDS);
        assertTrue(refusal.contains("the registry announced no member called stranger within 1000 ms"), refusal);
    }

    @Test
    void aNodeThatConnectsBeforeTheRegistryAnnouncesItIsHeardOnceItIs() throws Exception {
        PoolNode member = member(20_000);
        Faults.Peer late = peer("late", member.address());
        late.send(new Message.StealRequest(1));
        late.send(new Message.StealRequest(2));
        open.add(Faults.FakeMember.join(pool, SECRET, "c0", registry.address(), "late", "local://" + pool + "/late",
                liveness));
        assertEquals(new Message.StealReply(1, 0, null), late.next(Message.StealReply.class, WAIT_SECONDS),
                "held until the registry announced it, and in order");
        assertEquals(new Message.StealReply(2, 0, null), late.next(Message.StealReply.class, WAIT_SECONDS));
        assertEquals(List.of(), log.containing("refuses"));
    }

    /**
     * What waits for the registry's word is bounded in bytes, not only in messages: 64 messages of
     * a frame each (a gibibyte at the default 16 MiB) could be held for every connection a holder
     * of the secret opens. A peer that sends more than a frame's worth before it is announced is
     * refused, logged once.
     */
    @Test
    void aPeerThatSendsMoreThanAFrameBeforeItIsAnnouncedIsRefused() throws Exception {
        PoolNode member = member(20_000, 64 << 10);
        Faults.Peer early = peer("early", member.address());
        for (int i = 0; i < 3; i++) {
            early.send(new Message.Push(i, new byte[40 << 10]));
        }
        early.closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
        String refusal = log.await("refuses", WAIT_SECONDS);
        assertTrue(refusal.contains("it sent more than 65536 bytes before the registry announced it"), refusal);
        assertEquals(1, log.containing("refuses").size(), log.lines().toString());
        assertEquals(0, member.poolStats().pushesReceived.get(), "refused, not run");
    }
}
