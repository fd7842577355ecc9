package satin.lb;

import java.util.List;

/**
 * A candidate with a probability proportional to 1 / its distance from here (Perarnau and Sato, victim selection), as
 * measured ({@link BalancerPort#distanceNanos}): near
 * victims are asked more often than far ones, yet every one is asked now and then.
 */
final class DistanceWeightedVictims implements VictimSelector {

    private static final int RESOLUTION = 1 << 30;

    private final long floorNanos;

    DistanceWeightedVictims(long floorNanos) {
        if (floorNanos <= 0) {
            throw new IllegalArgumentException("the latency floor must be above zero, not " + floorNanos);
        }
        this.floorNanos = floorNanos;
    }

    @Override
    public int pick(List<Integer> candidates, BalancerPort port) {
        double[] cumulative = new double[candidates.size()];
        double sum = 0;
        for (int i = 0; i < cumulative.length; i++) {
            sum += 1.0 / Math.max(floorNanos, port.distanceNanos(candidates.get(i)));
            cumulative[i] = sum;
        }
        double x = sum * port.random(RESOLUTION) / RESOLUTION;
        for (int i = 0; i < cumulative.length; i++) {
            if (x < cumulative[i]) {
                return candidates.get(i);
            }
        }
        return candidates.get(cumulative.length - 1);
    }

    @Override
    public String name() {
        return "distance:" + floorNanos / 1_000;
    }
}
