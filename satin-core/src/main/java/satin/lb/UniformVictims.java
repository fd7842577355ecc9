package satin.lb;

import java.util.List;

/** Every candidate equally likely. */
final class UniformVictims implements VictimSelector {

    static final UniformVictims INSTANCE = new UniformVictims();

    private UniformVictims() {
    }

    @Override
    public int pick(List<Integer> candidates, BalancerPort port) {
        return candidates.get(port.random(candidates.size()));
    }

    @Override
    public String name() {
        return "uniform";
    }
}
