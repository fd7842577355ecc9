package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.lb.RandomStealing;
import satin.net.Connection;
import satin.net.LogCapture;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * Pools over real TCP in one JVM (the in-VM shortcut off, so that every link has a wire): links
 * between clusters are TLS under the default policy, a run over them computes what the sequential
 * program does, and a stranger who lacks the secret, or a plain link from another cluster, is
 * turned away with the reason logged once.
 */
@Timeout(120)
class TlsPoolTest {

    private static final String SECRET = "tls secret";
    private static final String SHORTCUT = "satin.sameJvmShortcut";

    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture netLog = LogCapture.of("satin.net");

    @BeforeAll
    static void overTcp() {
        System.setProperty(SHORTCUT, "false");
        PoolNode.closeTransport(); // the next one is made without the shortcut
    }

    @AfterAll
    static void backInVm() {
        System.clearProperty(SHORTCUT);
        System.clearProperty("satin.tls");
        PoolNode.closeTransport();
    }

    @AfterEach
    void closeEverything() {
        System.clearProperty("satin.tls");
        java.util.Collections.reverse(open);
        Faults.closeAll(open);
        netLog.close();
    }

    private Registry registry(String pool, String secret) throws InterruptedException {
        Registry r = Registry.start(PoolNode.transport(), pool, secret, "tcp://127.0.0.1:0");
        open.add(r);
        return r;
    }

    private PoolNode node(String pool, String secret, String name, String cluster, Registry r, boolean master)
            throws InterruptedException {
        return node(pool, secret, name, cluster, "127.0.0.1", r, master);
    }

    /** A node listening on {@code host}: another cluster's node on loopback is dialed plain under wan. */
    private PoolNode node(String pool, String secret, String name, String cluster, String host, Registry r,
            boolean master) throws InterruptedException {
        PoolNode p = PoolNode.join(PoolConfig.of(pool, secret, name, cluster, "tcp://" + host + ":0", r.address(),
                master), NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram());
        open.add(p);
        return p;
    }

    /**
     * This machine's address on an interface other than loopback: links to it are dialed as to
     * another host's (they cross no wire here either, but nothing tells the two ends so).
     */
    static String thisHostsOwnAddress() throws java.net.SocketException {
        for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
            if (i.isUp() && !i.isLoopback()) {
                for (java.net.InetAddress a : java.util.Collections.list(i.getInetAddresses())) {
                    if (a instanceof java.net.Inet4Address && !a.isLinkLocalAddress()) {
                        return a.getHostAddress();
                    }
                }
            }
        }
        throw new AssertionError("this test needs a network interface other than loopback, with an IPv4 address");
    }

    /** A run of nodes a (the master) in {@code clusterA} and b in {@code clusterB}, listening on {@code host}; their links. */
    private List<Connection> runBetween(String pool, String clusterA, String clusterB, String host) throws Exception {
        Registry r = registry(pool, SECRET);
        PoolNode a = node(pool, SECRET, "a", clusterA, host, r, true);
        PoolNode b = node(pool, SECRET, "b", clusterB, host, r, false);
        Faults.await("both nodes know both", 10, () -> a.members().size() == 2 && b.members().size() == 2);
        long n = 20_000;
        // 100 ms of leaves, and b's first steal waits for its link's handshake: beside a CPU-bound
        // process a can be done first, so the run is repeated (each checked) until jobs crossed
        java.util.function.LongSupplier crossed = () -> a.poolStats().jobsGiven.get() + b.poolStats().jobsGiven.get();
        for (int run = 1; run == 1 || crossed.getAsLong() == 0 && run <= 20; run++) {
            assertEquals(Summing.sequential(0, n), a.node().call(() -> new Summing(20, 100_000).sum(0, n)));
        }
        assertTrue(crossed.getAsLong() > 0, "jobs crossed the link in 20 runs");
        List<Connection> links = new ArrayList<>(a.memberLinks());
        links.addAll(b.memberLinks());
        assertFalse(links.isEmpty(), "the nodes are linked");
        return links;
    }

    @Test
    void nodesOfTwoClustersComputeARunOverTls() throws Exception {
        for (Connection c : runBetween("tls-run", "A", "B", thisHostsOwnAddress())) {
            assertTrue(c.encrypted(), c + " between clusters A and B is not TLS");
        }
    }

    @Test
    void nodesOfOneClusterTalkPlainUnderTheDefaultPolicy() throws Exception {
        for (Connection c : runBetween("plain-run", "A", "A", thisHostsOwnAddress())) {
            assertFalse(c.encrypted(), c + " inside cluster A is TLS under -Dsatin.tls=wan");
        }
    }

    /** Clusters emulated on one host: nothing crosses a wire, and nothing pays for TLS (decision 0036). */
    @Test
    void nodesOfTwoClustersOnLoopbackTalkPlainUnderWanAndOverTlsUnderAll() throws Exception {
        for (Connection c : runBetween("loopback-run", "A", "B", "127.0.0.1")) {
            assertFalse(c.encrypted(), c + " on loopback is TLS under -Dsatin.tls=wan");
        }
        System.setProperty("satin.tls", "all");
        for (Connection c : runBetween("loopback-all-run", "A", "B", "127.0.0.1")) {
            assertTrue(c.encrypted(), c + " on loopback is plain under -Dsatin.tls=all");
        }
    }

    @Test
    void aJoinWhoseHandshakeDidNotFinishTriesAgain() throws Exception {
        Registry r = registry("tls-again", SECRET);
        DroppingProxy proxy = new DroppingProxy(r.address(), 2);
        open.add(proxy);
        LogCapture poolLog = LogCapture.of("satin.pool");
        try {
            PoolNode p = PoolNode.join(PoolConfig.of("tls-again", SECRET, "a", "A", "tcp://127.0.0.1:0", proxy.address(),
                    true), NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram());
            open.add(p);
            assertEquals(1, p.members().size(), "admitted at the third attempt");
            assertEquals(3, proxy.accepted());
            assertEquals(2, poolLog.containing("joining again").size(), poolLog.lines().toString());
        } finally {
            poolLog.close();
        }
    }

    @Test
    void aRegistryOnThisHostIsJoinedPlainUnderWanAndOverTlsUnderAll() throws Exception {
        for (String policy : List.of("wan", "all")) {
            System.setProperty("satin.tls", policy);
            Registry r = registry("tls-registry-" + policy, SECRET);
            PoolNode a = node("tls-registry-" + policy, SECRET, "a", "A", r, true);
            assertEquals(policy.equals("all"), registryLinkEncrypted(a), "the registry's link under " + policy);
        }
    }

    private static boolean registryLinkEncrypted(PoolNode p) throws Exception {
        java.lang.reflect.Field f = PoolNode.class.getDeclaredField("registry");
        f.setAccessible(true);
        Object client = f.get(p);
        java.lang.reflect.Field c = client.getClass().getDeclaredField("registry");
        c.setAccessible(true);
        return ((Connection) c.get(client)).encrypted();
    }

    @Test
    void aJoinRefusedForItsSecretIsNotTriedAgain() throws Exception {
        System.setProperty("satin.tls", "all"); // the registry here is on this host: plain under wan
        Registry r = registry("tls-refused", SECRET);
        DroppingProxy proxy = new DroppingProxy(r.address(), 0);
        open.add(proxy);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PoolNode.join(PoolConfig.of("tls-refused", "not the secret", "x", "A", "tcp://127.0.0.1:0",
                        proxy.address(), false), NodeConfig.defaults(), new RandomStealing(), Allowlist.forProgram()));
        assertTrue(e.getMessage().contains("the two ends hold different pool secrets"), e.getMessage());
        assertEquals(1, proxy.accepted(), "a refusal is final");
    }

    @Test
    void aStrangerWithTheWrongSecretFailsTheTlsHandshake() throws Exception {
        System.setProperty("satin.tls", "all"); // the registry here is on this host: plain under wan
        Registry r = registry("tls-stranger", SECRET);
        node("tls-stranger", SECRET, "a", "A", r, true);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PoolNode.join(PoolConfig.of("tls-stranger", "not the secret", "x", "X", "tcp://127.0.0.1:0",
                        r.address(), false), NodeConfig.defaults(), new RandomStealing(),
                        Allowlist.forProgram()));
        assertTrue(e.getMessage().contains("TLS handshake"), e.getMessage());
        String registryPort = ":" + java.net.URI.create(r.address()).getPort();
        // each end logs the failed connection once: the stranger names the registry, the registry the stranger
        Faults.await("both ends logged", 10, () -> netLog.containing("TLS handshake failed").size() >= 2);
        List<String> failed = netLog.containing("TLS handshake failed");
        assertEquals(2, failed.size(), netLog.lines().toString());
        assertEquals(1, failed.stream().filter(l -> !l.contains(registryPort + ":")).count(), failed.toString());
        assertTrue(netLog.containing("wrong pool secret").isEmpty(), "the handshake saw the stranger: " + netLog.lines());
    }

    @Test
    void aPlainConnectionFromAnotherClusterIsRefusedAfterItsHello() throws Exception {
        Registry r = registry("tls-plain", SECRET);
        PoolNode a = node("tls-plain", SECRET, "a", "A", thisHostsOwnAddress(), r, true);
        var asPlainStranger = new satin.net.PoolIdentity("tls-plain", "x", "X", "", SECRET);
        var refused = assertThrows(java.util.concurrent.ExecutionException.class, () -> Faults.Peer.connect(
                asPlainStranger, a.address(), satin.net.Liveness.Settings.DEFAULT));
        assertTrue(refused.getCause().getMessage().contains("requires to be TLS"), refused.getCause().getMessage());
        Faults.await("the refusal logged", 10, () -> !netLog.containing("requires to be TLS").isEmpty());
        assertEquals(1, netLog.containing("refusing connection").size(), netLog.lines().toString());
        assertEquals(1, a.members().size(), "the plain stranger is no member");
    }
}
