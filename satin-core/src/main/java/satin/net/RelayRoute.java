package satin.net;

import java.util.List;

/**
 * How a connection reaches a member's address: directly, or through the relays of cluster
 * front-ends on the way ({@code hops}, in order: the dialing cluster's own front-end first, the
 * target cluster's last). The TCP connection goes to the first hop; {@link RelayHop} asks each hop
 * for the next.
 */
public record RelayRoute(List<String> hops, String target) {

    public RelayRoute {
        hops = List.copyOf(hops);
    }

    public static RelayRoute direct(String target) {
        return new RelayRoute(List.of(), target);
    }

    /** Where the connection is dialled: the first relay, or the target itself. */
    public String dialled() {
        return hops.isEmpty() ? target : hops.get(0);
    }

    public boolean relayed() {
        return !hops.isEmpty();
    }

    @Override
    public String toString() {
        return hops.isEmpty() ? target : target + " via " + String.join(", ", hops);
    }
}
