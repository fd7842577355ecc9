package satin.lb;

import java.util.List;

/**
 * How a balancer picks a victim (or a target) among candidates: a piece of its own, so that every
 * balancer can run with every policy (Perarnau and Sato, victim selection compares them).
 */
public interface VictimSelector {

    /** One of {@code candidates}, which is not empty. */
    int pick(List<Integer> candidates, BalancerPort port);

    String name();

    /**
     * The selector one node's balancer uses: this one if it keeps no state, else a fresh one, so
     * that nodes do not share a position in an order.
     */
    default VictimSelector forNode() {
        return this;
    }

    /** Perarnau and Sato's reference: the next member number after the last one asked, wrapping around. */
    static VictimSelector roundRobin() {
        return new RoundRobinVictims();
    }

    /** Each candidate equally likely. */
    static VictimSelector uniform() {
        return UniformVictims.INSTANCE;
    }

    /**
     * Each candidate with a probability proportional to 1 / its latency (Perarnau and Sato's
     * distance-skewed selection); a latency below {@code floorNanos} (inside a cluster: zero)
     * counts as {@code floorNanos}.
     */
    static VictimSelector distanceWeighted(long floorNanos) {
        return new DistanceWeightedVictims(floorNanos);
    }

    /** {@code uniform}, {@code round-robin}, or {@code distance} (with a 100 us floor) or {@code distance:FLOOR_US}. */
    static VictimSelector parse(String text) {
        String t = text.trim();
        if (t.equals("uniform")) {
            return uniform();
        }
        if (t.equals("round-robin")) {
            return roundRobin();
        }
        if (t.equals("distance")) {
            return distanceWeighted(100_000);
        }
        if (t.startsWith("distance:")) {
            try {
                long floorMicros = Long.parseLong(t.substring("distance:".length()).trim());
                if (floorMicros > 0) {
                    return distanceWeighted(floorMicros * 1_000);
                }
            } catch (NumberFormatException e) {
                // named below
            }
        }
        throw new IllegalArgumentException("victim selection '" + text + "' is not uniform, round-robin, distance or distance:FLOOR_US");
    }
}
