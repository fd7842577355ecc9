package satin.runtime;

import java.util.Arrays;

/**
 * When a node became active (some worker running a job) and idle (none), as offsets from its start
 * in nanoseconds: the raw material of occupancy over time and of Perarnau and Sato's starting and ending
 * latencies. Bounded: after {@link #LIMIT} transitions it keeps counting but stops recording.
 * {@link #originEpochMicros()} puts the offsets of nodes in different JVMs on one time line.
 */
public final class ActivityTrace {

    public static final int LIMIT = 1 << 20;

    private final long origin = System.nanoTime();
    private final long originEpochMicros = epochMicros();
    private long[] times = new long[64];
    private boolean[] states = new boolean[64];
    private int size;
    private long transitions;

    synchronized void active(boolean now) {
        transitions++;
        if (size == LIMIT) {
            return;
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            states = Arrays.copyOf(states, size * 2);
        }
        times[size] = System.nanoTime() - origin;
        states[size++] = now;
    }

    private static long epochMicros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** Now, on this trace's time line: to place other events of the node beside its transitions. */
    public long sinceOrigin() {
        return System.nanoTime() - origin;
    }

    /** A {@link System#nanoTime()} reading on this trace's time line: to place what other clocks of the node recorded. */
    public long offsetOf(long nanoTime) {
        return nanoTime - origin;
    }

    /** The wall-clock time of offset zero, in microseconds since the epoch. */
    public long originEpochMicros() {
        return originEpochMicros;
    }

    /** The transitions recorded: offset in nanoseconds, and whether the node became active. */
    public synchronized long[] times() {
        return Arrays.copyOf(times, size);
    }

    public synchronized boolean[] states() {
        return Arrays.copyOf(states, size);
    }

    public synchronized long transitions() {
        return transitions;
    }
}
