package satin.sim;

import java.util.Arrays;

/**
 * When a simulated node became busy (a worker entered a job) and idle (none in one), as the
 * runtime's activity trace records it for a real node: the raw material of occupancy over time and
 * of Perarnau and Sato's starting and ending latencies. A transition is one long (its time shifted left by
 * one, the state in the low bit), so that thousands of nodes with thousands of transitions each fit.
 */
final class ActivityLog {

    private long[] entries = new long[8];
    private int size;

    void busy(long now) {
        add(now << 1 | 1);
    }

    void idle(long now) {
        add(now << 1);
    }

    private void add(long entry) {
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size++] = entry;
    }

    int size() {
        return size;
    }

    long time(int i) {
        return entries[i] >> 1;
    }

    boolean isBusy(int i) {
        return (entries[i] & 1) != 0;
    }

    /**
     * Drops every idle spell shorter than {@code gapNanos} (the idle transition and the busy one
     * that ended it): the coarser trace a report of thousands of nodes can hold.
     */
    void dropGapsBelow(long gapNanos) {
        int out = 0;
        for (int i = 0; i < size; i++) {
            boolean shortGap = !isBusy(i) && i + 1 < size && isBusy(i + 1) && time(i + 1) - time(i) < gapNanos;
            if (shortGap) {
                i++;
                continue;
            }
            entries[out++] = entries[i];
        }
        size = out;
    }

    /** The lengths of the idle spells between two busy ones: what {@link #dropGapsBelow} would drop. */
    void gaps(long[] into, int from) {
        int k = from;
        for (int i = 0; i + 1 < size; i++) {
            if (!isBusy(i) && isBusy(i + 1)) {
                into[k++] = time(i + 1) - time(i);
            }
        }
    }

    int gapCount() {
        int n = 0;
        for (int i = 0; i + 1 < size; i++) {
            if (!isBusy(i) && isBusy(i + 1)) {
                n++;
            }
        }
        return n;
    }
}
