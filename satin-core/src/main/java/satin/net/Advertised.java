package satin.net;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The host other processes reach a process's nodes (and its registry) at, when they listen on
 * every interface ({@code --host 0.0.0.0}): the address a listener reports then is a wildcard,
 * which names no machine. A launcher that knows better says so ({@code --advertise}); otherwise a
 * process that joins a registry announces its own address on the way to it (the interface the
 * system routes the registry's traffic through, which the registry's side can reach), and a
 * process that embeds the registry, with nothing to route to yet, its machine's name.
 */
public final class Advertised {

    private Advertised() {
    }

    /** The host to announce, or null when the listener's own address is right (one interface, or in-VM). */
    public static String host(String advertise, boolean listensEverywhere, String registry) {
        if (advertise != null) {
            return advertise;
        }
        if (!listensEverywhere) {
            return null;
        }
        String route = registry == null ? null : towards(registry);
        return route != null ? route : reachable();
    }

    /** The host a registry listening at {@code where} is announced at, or null when its own address is right. */
    public static String registryHost(String advertise, String where) {
        if (!isWildcard(hostOf(where))) {
            return null;
        }
        return advertise != null ? advertise : reachable();
    }

    /** {@code tcp://HOST:PORT} with another host; the address itself when {@code host} is null or it is in-VM. */
    public static String at(String address, String host) {
        return host == null || !address.startsWith("tcp://") ? address : "tcp://" + host + address.substring(address.lastIndexOf(':'));
    }

    public static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    private static String hostOf(String address) {
        String hostPort = address.startsWith("tcp://") ? address.substring("tcp://".length()) : "";
        int colon = hostPort.lastIndexOf(':');
        return colon > 0 ? hostPort.substring(0, colon) : hostPort;
    }

    /**
     * This machine's address on the way to {@code registry}: a datagram socket "connected" there
     * sends nothing but is given the source address the routing table picks. Null if none is found.
     */
    public static String towards(String registry) {
        String host = hostOf(registry);
        int port;
        try {
            port = Integer.parseInt(registry.substring(registry.lastIndexOf(':') + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(InetAddress.getByName(host), port));
            InetAddress local = probe.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                return null;
            }
            String text = local.getHostAddress();
            return local instanceof Inet6Address ? "[" + text + "]" : text;
        } catch (IOException | IllegalArgumentException | SecurityException e) {
            return null; // the registry's name does not resolve here, or no route: the machine's name then
        }
    }

    /**
     * Where other machines may reach this one, with nothing to route to yet: its name, if that
     * resolves here to an address other than loopback; else the first address of an interface that
     * is up, neither loopback nor link-local, IPv4 first. A compute node whose own name resolves
     * nowhere (or to 127.0.1.1) announced {@code localhost}, and the pool formed without every other
     * host.
     */
    public static String reachable() {
        try {
            InetAddress named = InetAddress.getLocalHost();
            if (!named.isLoopbackAddress()) {
                return named.getCanonicalHostName();
            }
        } catch (UnknownHostException e) {
            // the name resolves nowhere: an interface's address then
        }
        String address = interfaceAddress();
        return address != null ? address : thisMachine();
    }

    private static String interfaceAddress() {
        String v6 = null;
        try {
            for (java.net.NetworkInterface i : java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces())) {
                if (!i.isUp() || i.isLoopback()) {
                    continue;
                }
                for (InetAddress a : java.util.Collections.list(i.getInetAddresses())) {
                    if (a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isAnyLocalAddress()) {
                        continue;
                    }
                    if (!(a instanceof Inet6Address)) {
                        return a.getHostAddress();
                    }
                    if (v6 == null) {
                        v6 = "[" + a.getHostAddress().replaceFirst("%.*$", "") + "]";
                    }
                }
            }
        } catch (java.net.SocketException e) {
            return null;
        }
        return v6;
    }

    /** The name of this machine, as its resolver gives it. */
    public static String thisMachine() {
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
