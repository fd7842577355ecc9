package satin.stats;

import java.util.Arrays;

/**
 * The jobs that moved between this node and others, each with its times, and the steal requests
 * of this node that brought none: the raw material of a timeline's arrows from victim to thief.
 * An entry is its {@linkplain #GAVE kind}, the other node, the job's number at the node that gave
 * it (what matches a thief's entry to its victim's) and when it began and ended, in nanoseconds on
 * this node's time line.
 *
 * <p>Written by the network's threads, so under a lock, at a steal's pace (never a spawn's).
 * Bounded: it keeps the first {@code capacity} entries, of which failed requests, which an idle
 * pool makes by the thousand, take at most half so that jobs moved later are still kept; the rest
 * is counted as dropped, and the failed requests every {@link IntervalCounts interval} besides.
 */
public final class StealLog {

    /** This node, the victim, gave a job to a thief that asked: from the request's arrival to the reply. */
    public static final int GAVE = 0;
    /** This node got a job it asked for: from the request (or the reply, for a chunk's further job) to the reply. */
    public static final int GOT = 1;
    /** A steal request of this node came back without a job, or was given up: from the request to then. */
    public static final int EMPTY = 2;
    /** This node pushed a job, unasked, to another. */
    public static final int PUSHED = 3;
    /** A job was pushed here. */
    public static final int PUSH_GOT = 4;
    public static final int KINDS = 5;
    /** Fields of an entry: kind, peer, job, start, end. */
    public static final int FIELDS = 5;

    /** A node's bound: its entries take a megabyte or two of its report. */
    public static final int CAPACITY = 1 << 15;

    private final int capacity;
    private long[] entries = new long[FIELDS * 8];
    private int size;
    private int empties;
    private long dropped;
    private final IntervalCounts failed;

    /** A log of at most {@code capacity} entries; failed requests are also counted in {@code intervals} intervals. */
    public StealLog(int capacity, int intervals) {
        if (capacity < 2) {
            throw new IllegalArgumentException("a steal log keeps at least two entries, not " + capacity);
        }
        this.capacity = capacity;
        this.failed = new IntervalCounts(1, intervals);
    }

    /** Records an entry; {@code start} and {@code end} in nanoseconds on the node's time line, 0 or more. */
    public synchronized void record(int kind, int peer, long job, long start, long end) {
        if (kind < 0 || kind >= KINDS) {
            throw new IllegalArgumentException("no kind of steal entry: " + kind);
        }
        if (kind == EMPTY) {
            failed.add(0, end, 1);
        }
        if (size == capacity || kind == EMPTY && empties >= capacity / 2) {
            dropped++;
            return;
        }
        if (kind == EMPTY) {
            empties++;
        }
        int at = size * FIELDS;
        if (at == entries.length) {
            entries = Arrays.copyOf(entries, (int) Math.min((long) capacity * FIELDS, 2L * at));
        }
        long s = Math.max(0, start);
        entries[at] = kind;
        entries[at + 1] = peer;
        entries[at + 2] = job;
        entries[at + 3] = s;
        entries[at + 4] = Math.max(s, end);
        size++;
    }

    /** The entries kept, {@link #FIELDS} numbers each, in the order they were recorded. */
    public synchronized long[] entries() {
        return Arrays.copyOf(entries, size * FIELDS);
    }

    /** Entries that came when there was no room for them. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Every failed request, kept or dropped, counted per interval from the node's origin. */
    public IntervalCounts failed() {
        return failed;
    }
}
