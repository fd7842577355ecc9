package satin.relay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import satin.net.RelayRoute;
import satin.net.Transport;

/**
 * The relays of a pool's clusters behind front-ends, by cluster: where the cluster's own nodes
 * reach theirs ({@code inside}, the front-end's address on the cluster's network) and where every
 * other node does ({@code outside}). A link between two clusters goes through the dialing
 * cluster's relay (out of its network), then the target cluster's (into that one); a link inside a
 * cluster goes direct, as does every link of a pool without relays.
 */
public final class Relays {

    /** One cluster's relay: its address inside the cluster's network, and outside it. */
    public record Relay(String inside, String outside) {
    }

    private static final Relays NONE = new Relays(Map.of());

    private final Map<String, Relay> byCluster;

    private Relays(Map<String, Relay> byCluster) {
        this.byCluster = Map.copyOf(byCluster);
    }

    public static Relays none() {
        return NONE;
    }

    public static Relays of(Map<String, Relay> byCluster) {
        return byCluster.isEmpty() ? NONE : new Relays(byCluster);
    }

    /**
     * The form of {@link #toString()}: {@code CLUSTER=INSIDE,OUTSIDE} entries separated by
     * {@code ;}, each address {@code tcp://HOST:PORT}.
     *
     * @throws IllegalArgumentException naming the entry that is not one
     */
    public static Relays parse(String text) {
        Map<String, Relay> relays = new LinkedHashMap<>();
        for (String entry : text.split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            String[] addresses = eq > 0 ? entry.substring(eq + 1).split(",") : new String[0];
            if (addresses.length != 2) {
                throw new IllegalArgumentException("bad relay '" + entry + "': expected CLUSTER=tcp://INSIDE:PORT,"
                        + "tcp://OUTSIDE:PORT");
            }
            for (String a : addresses) {
                Transport.checkAddress(a);
                if (!a.startsWith("tcp://")) {
                    throw new IllegalArgumentException("bad relay '" + entry + "': " + a + " is not a tcp:// address");
                }
            }
            if (relays.put(entry.substring(0, eq), new Relay(addresses[0], addresses[1])) != null) {
                throw new IllegalArgumentException("cluster " + entry.substring(0, eq) + " has two relays");
            }
        }
        return of(relays);
    }

    public boolean any() {
        return !byCluster.isEmpty();
    }

    /** How a node of cluster {@code from} reaches {@code target}, a node of cluster {@code to} (null: not known). */
    public RelayRoute route(String from, String to, String target) {
        if (to == null || to.equals(from) || !target.startsWith("tcp://")) {
            return RelayRoute.direct(target);
        }
        List<String> hops = new ArrayList<>(2);
        Relay out = byCluster.get(from);
        if (out != null) {
            hops.add(out.inside());
        }
        Relay in = byCluster.get(to);
        if (in != null) {
            hops.add(in.outside());
        }
        return new RelayRoute(hops, target);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        byCluster.forEach((cluster, r) -> b.append(b.isEmpty() ? "" : ";").append(cluster).append('=')
                .append(r.inside()).append(',').append(r.outside()));
        return b.toString();
    }
}
