package satin.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;
import satin.net.Advertised;

/** Where a process's nodes and registry are announced when they listen on every interface. */
class AdvertisedTest {

    private static LaunchOptions parse(String... args) {
        return LaunchOptions.parse(args, Map.of("SATIN_SECRET", "s"));
    }

    private static String host(LaunchOptions o, String registry) {
        return Advertised.host(o.advertise(), o.listensEverywhere(), registry);
    }

    private static String registryHost(LaunchOptions o, String where) {
        return Advertised.registryHost(o.advertise(), where);
    }

    @Test
    void nodesOnOneInterfaceAreAnnouncedWhereTheyListen() {
        assertNull(host(parse("Main"), null));
        assertNull(host(parse("--host", "10.1.2.3", "--registry", "tcp://10.1.2.4:7000", "Main"),
                "tcp://10.1.2.4:7000"));
        assertNull(host(parse("--host", "local", "Main"), null));
    }

    @Test
    void nodesOnEveryInterfaceAreAnnouncedAtThisMachinesAddressOnTheWayToTheRegistry() {
        LaunchOptions o = parse("--host", "0.0.0.0", "--registry", "tcp://127.0.0.1:7000", "Main");
        assertEquals("127.0.0.1", host(o, o.registry()), "the route to a loopback registry is loopback");
        String viaName = host(o, "tcp://localhost:7000");
        assertFalse(Advertised.isWildcard(viaName), viaName);
    }

    @Test
    void aProcessThatEmbedsTheRegistryIsAnnouncedAtThisMachinesName() {
        LaunchOptions o = parse("--host", "0.0.0.0", "--registry-listen", "tcp://0.0.0.0:0", "Main");
        assertEquals(Advertised.reachable(), host(o, null));
        assertEquals(Advertised.reachable(), registryHost(o, "tcp://0.0.0.0:0"));
        assertNull(registryHost(o, "tcp://127.0.0.1:0"), "a registry on one interface is where it listens");
    }

    /** With nothing to route to, a machine that has a network is never announced at loopback, whatever its name resolves to. */
    @Test
    void aMachineWithANetworkIsNeverAnnouncedAtLoopback() throws Exception {
        boolean networked = java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                .anyMatch(i -> {
                    try {
                        return i.isUp() && !i.isLoopback() && i.getInetAddresses().hasMoreElements();
                    } catch (java.net.SocketException e) {
                        return false;
                    }
                });
        org.junit.jupiter.api.Assumptions.assumeTrue(networked, "this machine has no network but loopback");
        String at = Advertised.reachable();
        assertFalse(java.net.InetAddress.getByName(at.replaceAll("[\\[\\]]", "")).isLoopbackAddress(), at);
    }

    @Test
    void whatTheLauncherSaysWinsForNodesAndRegistry() {
        LaunchOptions o = parse("--host", "0.0.0.0", "--advertise", "east-0.cluster", "--registry", "tcp://127.0.0.1:7000",
                "Main");
        assertEquals("east-0.cluster", host(o, o.registry()));
        assertEquals("east-0.cluster", registryHost(o, "tcp://[::]:7000"));
    }

    @Test
    void anUnknownRegistryHostFallsBackToThisMachinesName() {
        LaunchOptions o = parse("--host", "0.0.0.0", "--registry", "tcp://no-such-host.invalid:7000", "Main");
        assertEquals(Advertised.reachable(), host(o, o.registry()));
    }

    @Test
    void anAddressIsAnnouncedWithTheHostButItsOwnPort() {
        assertEquals("tcp://east-0:4711", Advertised.at("tcp://127.0.0.1:4711", "east-0"));
        assertEquals("tcp://127.0.0.1:4711", Advertised.at("tcp://127.0.0.1:4711", null));
        assertEquals("local://p/n-0", Advertised.at("local://p/n-0", "east-0"), "in-VM addresses stay");
    }
}
