package satin.lb;

import java.util.List;

/**
 * Range (Kakulavarapu, Maquelin, Amaral and Gao, section 3): {@link RangeSending}, pushing first to
 * the far end of the range, the member next to the thief, which has been idle longest.
 */
public final class RangeBalancing extends RangeSending {

    public RangeBalancing() {
        this(DEFAULT_THRESHOLD, DEFAULT_IN_FLIGHT, DEFAULT_INTERVAL_NANOS);
    }

    public RangeBalancing(int threshold, int maxInFlight, long intervalNanos) {
        super(threshold, maxInFlight, intervalNanos);
    }

    @Override
    int nextOf(List<Integer> range) {
        return range.size() - 1;
    }

    @Override
    public String name() {
        return "RANGE";
    }
}
