package satin.deploy.report;

import java.util.Arrays;

/**
 * One node's busy/idle transitions, as {@code satin.runtime.ActivityTrace} recorded them: offsets in
 * nanoseconds from {@code originEpochMicros}, which puts nodes of different JVMs on one time line.
 *
 * @param name              the node's name
 * @param originEpochMicros wall-clock time of offset zero, microseconds since the epoch
 * @param times             offsets of the transitions, nanoseconds, ascending
 * @param busy              for each transition, whether the node became busy
 */
public record NodeTrace(String name, long originEpochMicros, long[] times, boolean[] busy) {

    public NodeTrace {
        if (times.length != busy.length) {
            throw new IllegalArgumentException("node " + name + ": " + times.length + " times but " + busy.length
                    + " states");
        }
        times = times.clone();
        busy = busy.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeTrace t && t.name.equals(name) && t.originEpochMicros == originEpochMicros
                && Arrays.equals(t.times, times) && Arrays.equals(t.busy, busy);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(times);
    }

    @Override
    public String toString() {
        return "NodeTrace[" + name + ", " + times.length + " transitions]";
    }
}
