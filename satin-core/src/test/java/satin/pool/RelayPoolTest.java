package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.RandomStealing;
import satin.net.Connection;
import satin.registry.Registry;
import satin.relay.RelayServer;
import satin.relay.Relays;
import satin.runtime.NodeConfig;

/**
 * A pool whose clusters B and C sit behind front-end relays, over real TCP in one JVM: every node
 * joins the registry (in cluster A) through its own cluster's relay, links between B and C go
 * through both relays, TLS runs end to end through them, and a run computes what the sequential
 * program does. The relays here listen on this host like everything else, so what proves that the
 * links went their way is what the relays carried.
 */
@Timeout(120)
class RelayPoolTest {

    private static final String SECRET = "relay pool secret";
    private static final String SHORTCUT = "satin.sameJvmShortcut";

    private final List<AutoCloseable> open = new ArrayList<>();

    @BeforeAll
    static void overTcp() {
        System.setProperty(SHORTCUT, "false");
        System.setProperty("satin.tls", "all"); // on one host's loopback, TLS only under all (decision 0036)
        PoolNode.closeTransport();
    }

    @AfterAll
    static void backInVm() {
        System.clearProperty(SHORTCUT);
        System.clearProperty("satin.tls");
        PoolNode.closeTransport();
    }

    @AfterEach
    void closeEverything() {
        java.util.Collections.reverse(open);
        Faults.closeAll(open);
    }

    private RelayServer relay(String pool) throws InterruptedException {
        RelayServer r = RelayServer.start(pool, SECRET, "127.0.0.1", 0, List.of("127.0.0.1"), RelayServer.Limits.DEFAULT);
        open.add(r);
        return r;
    }

    private PoolNode node(String pool, String name, String cluster, Registry r, Relays relays, boolean master)
            throws InterruptedException {
        PoolNode p = PoolNode.join(PoolConfig.of(pool, SECRET, name, cluster, "tcp://127.0.0.1:0", r.address(), master)
                .withRelays(relays, "A"), NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram());
        open.add(p);
        return p;
    }

    @Test
    void clustersBehindRelaysJoinLinkAndComputeThroughThem() throws Exception {
        String pool = "relayed";
        Registry r = Registry.start(PoolNode.transport(), pool, SECRET, "tcp://127.0.0.1:0");
        open.add(r);
        RelayServer relayB = relay(pool);
        RelayServer relayC = relay(pool);
        String atB = "tcp://127.0.0.1:" + relayB.port();
        String atC = "tcp://127.0.0.1:" + relayC.port();
        Relays relays = Relays.of(Map.of("B", new Relays.Relay(atB, atB), "C", new Relays.Relay(atC, atC)));
        PoolNode a = node(pool, "a", "A", r, relays, true);
        PoolNode b = node(pool, "b", "B", r, relays, false);
        PoolNode c = node(pool, "c", "C", r, relays, false);
        assertTrue(relayB.carried() >= 1 && relayC.carried() >= 1, "b and c joined through their relays: "
                + relayB.carried() + ", " + relayC.carried());
        Faults.await("every node knows every node", 20, () -> a.members().size() == 3 && b.members().size() == 3
                && c.members().size() == 3);
        long n = 30_000;
        java.util.function.LongSupplier crossed = () -> a.poolStats().jobsGiven.get() + b.poolStats().jobsGiven.get()
                + c.poolStats().jobsGiven.get();
        for (int run = 1; run == 1 || crossed.getAsLong() == 0 && run <= 20; run++) {
            assertEquals(Summing.sequential(0, n), a.node().call(() -> new Summing(20, 100_000).sum(0, n)));
        }
        assertTrue(crossed.getAsLong() > 0, "jobs crossed the relayed links in 20 runs");
        List<Connection> links = new ArrayList<>(a.memberLinks());
        links.addAll(b.memberLinks());
        links.addAll(c.memberLinks());
        assertTrue(links.size() >= 2, "the nodes are linked: " + links);
        for (Connection link : links) {
            assertTrue(link.encrypted(), link + " is TLS end to end through the relays");
        }
        // beyond b's and c's joins, each relay carried the links of its cluster: none went direct
        long linksOfB = b.memberLinks().size();
        long linksOfC = c.memberLinks().size();
        assertTrue(relayB.carried() >= 1 + linksOfB && relayC.carried() >= 1 + linksOfC, "relays carried "
                + relayB.carried() + " and " + relayC.carried() + " connections; b has " + linksOfB + " links, c "
                + linksOfC);
    }

    @Test
    void aRelayOfAnotherSecretIsNoWayIn() throws Exception {
        String pool = "relay-stranger";
        Registry r = Registry.start(PoolNode.transport(), pool, SECRET, "tcp://127.0.0.1:0");
        open.add(r);
        RelayServer stranger = RelayServer.start(pool, "another secret", "127.0.0.1", 0, List.of("127.0.0.1"),
                new RelayServer.Limits(64, 64, 10_000));
        open.add(stranger);
        String at = "tcp://127.0.0.1:" + stranger.port();
        Relays relays = Relays.of(Map.of("B", new Relays.Relay(at, at)));
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> PoolNode.join(PoolConfig.of(pool, SECRET, "b", "B", "tcp://127.0.0.1:0", r.address(), true)
                        .withRelays(relays, "A").withFailureTimeout(1000), NodeConfig.defaults(), new RandomStealing(),
                        Allowlist.forProgram()));
        assertTrue(e.getMessage().contains("does not prove the secret of pool " + pool), e.getMessage());
        assertEquals(0, stranger.carried(), e.toString());
    }
}
