package satin.lb;

import java.util.List;

/**
 * The next candidate after the last one asked, in the order of member numbers, wrapping around;
 * the first search starts after this node's own number. This is the reference MPI work stealing
 * of the UTS benchmark as Perarnau and Sato describe it (rank i asks i + 1 first, and a successful
 * steal does not reset the order), kept as the baseline their victim selection is measured
 * against: at scale, every idle node walks the ranks while only a few have work.
 */
final class RoundRobinVictims implements VictimSelector {

    private static final int NONE = -1;

    private int last = NONE;

    @Override
    public int pick(List<Integer> candidates, BalancerPort port) {
        int after = last == NONE ? port.self() : last;
        int next = Integer.MAX_VALUE;
        int lowest = Integer.MAX_VALUE;
        for (int candidate : candidates) {
            if (candidate > after && candidate < next) {
                next = candidate;
            }
            lowest = Math.min(lowest, candidate);
        }
        last = next != Integer.MAX_VALUE ? next : lowest;
        return last;
    }

    /** Each node walks from its own number, so each needs an order of its own. */
    @Override
    public VictimSelector forNode() {
        return new RoundRobinVictims();
    }

    @Override
    public String name() {
        return "round-robin";
    }
}
