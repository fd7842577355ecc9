package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.BalancerPort;
import satin.lb.LoadBalancer;
import satin.net.Liveness;
import satin.net.LogCapture;
import satin.net.Message;
import satin.net.PoolIdentity;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * A member that says, inside a message, that it is another member: a load report "from" someone
 * else, a registry "moved" to someone else, a join under another name than the one it proved in
 * its handshake. Each is dropped (or the connection refused) with one logged line naming both,
 * and the node goes on hearing the member's honest messages.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpoofedSendersTest {

    private static final String SECRET = "secret";
    private static final long WAIT_SECONDS = 10;
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final String pool = "spoofed-" + RUNS.incrementAndGet();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture poolLog = LogCapture.of("satin.pool");
    private final LogCapture registryLog = LogCapture.of("satin.registry");
    private final Liveness.Settings liveness = Liveness.Settings.of(TimeUnit.SECONDS.toNanos(20));
    /** What the victim's balancer was told by others: "from kind value". */
    private final List<String> notes = new CopyOnWriteArrayList<>();
    private Registry registry;

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        poolLog.close();
        registryLog.close();
    }

    /** A balancer that only listens. */
    private final class Listening implements LoadBalancer {
        @Override
        public void attach(BalancerPort port) {
        }

        @Override
        public void idle() {
        }

        @Override
        public void stealReplied(int victim, boolean gotJob) {
        }

        @Override
        public void noted(int from, int kind, long value) {
            notes.add(from + " " + kind + " " + value);
        }

        @Override
        public String name() {
            return "listening";
        }
    }

    private PoolNode victim() throws InterruptedException {
        registry = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry", null, liveness);
        open.add(registry);
        PoolNode node = PoolNode.join(PoolConfig.of(pool, SECRET, pool + "-victim", "c0", "local://" + pool + "/victim",
                registry.address(), true).withFailureTimeout(20_000), NodeConfig.defaults(), new Listening(),
                Allowlist.forProgram());
        open.add(node);
        return node;
    }

    private Faults.FakeMember member(String name) throws Exception {
        Faults.FakeMember m = Faults.FakeMember.join(pool, SECRET, "c0", registry.address(), name,
                "local://" + pool + "/" + name, liveness);
        open.add(m);
        return m;
    }

    private static int idOf(PoolNode node, String name) {
        return node.members().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().id();
    }

    @Test
    void aLoadReportFromAnotherMemberIsDroppedAndTheSendersOwnIsHeard() throws Exception {
        PoolNode victim = victim();
        Faults.FakeMember liar = member("liar");
        member("honest");
        Faults.await("the victim to know 3 members", WAIT_SECONDS, () -> victim.members().size() == 3);
        int liarId = idOf(victim, "liar");
        int honestId = idOf(victim, "honest");
        Faults.Peer link = liar.link(victim.address(), liveness);
        link.send(new Message.BalancerNote(honestId, 1, 999));
        String line = poolLog.await("BALANCER_NOTE", WAIT_SECONDS);
        assertTrue(line.contains("from member " + honestId) && line.contains("liar"), line);
        link.send(new Message.BalancerNote(liarId, 1, 7));
        Faults.await("the liar's own note heard", WAIT_SECONDS, () -> !notes.isEmpty());
        assertEquals(List.of(liarId + " 1 7"), notes, "the forged note never reached the balancer");
        assertTrue(link.isOpen(), "a member is not cut off for it");
    }

    @Test
    void aRegistryMovedToAnotherMemberIsDropped() throws Exception {
        PoolNode victim = victim();
        Faults.FakeMember liar = member("liar");
        member("honest");
        Faults.await("the victim to know 3 members", WAIT_SECONDS, () -> victim.members().size() == 3);
        int honestId = idOf(victim, "honest");
        Faults.Peer link = liar.link(victim.address(), liveness);
        link.send(new Message.RegistryMoved(honestId, "local://" + pool + "/nowhere"));
        String line = poolLog.await("REGISTRY_MOVED", WAIT_SECONDS);
        assertTrue(line.contains("to member " + honestId) && line.contains("liar"), line);
    }

    @Test
    void aJoinUnderAnotherNameThanTheHandshakesIsRefused() throws Exception {
        victim();
        Faults.Peer mallory = Faults.Peer.connect(new PoolIdentity(pool, "mallory", "c0", "", SECRET), registry.address(),
                liveness);
        open.add(mallory::close);
        mallory.send(new Message.Join(pool + "-victim2", "c0", "local://" + pool + "/m", false,
                Allowlist.forProgram().agreed()));
        Message.Refused r = mallory.next(Message.Refused.class, WAIT_SECONDS);
        assertTrue(r.reason().contains("joins as " + pool + "-victim2 but introduced itself as mallory"), r.reason());
        assertEquals(1, registry.members().size(), "not a member");
    }
}
