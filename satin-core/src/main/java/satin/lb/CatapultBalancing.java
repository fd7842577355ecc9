package satin.lb;

import java.util.List;

/**
 * Catapult (Kakulavarapu, Maquelin, Amaral and Gao, section 3): {@link RangeSending}, pushing first
 * to the near end of the range, this node's clockwise neighbour, as the paper has it.
 */
public final class CatapultBalancing extends RangeSending {

    public CatapultBalancing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public CatapultBalancing(int threshold, int maxInFlight, long intervalNanos) {
        super(threshold, maxInFlight, intervalNanos);
    }

    @Override
    int nextOf(List<Integer> range) {
        return 0;
    }

    @Override
    public String name() {
        return "CATAPULT";
    }
}
