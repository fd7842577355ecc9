package satin.shared;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * Ordered writes of objects this member has no replica of yet: the master's order can overtake the
 * object's state, which comes from another member. Bounded per object and in all, so that a member
 * that never gets the object does not hold its writes without end.
 */
final class EarlyWrites {

    /** The most writes held, all objects together. */
    static final int MAX = 1 << 16;

    private final Map<Long, TreeMap<Long, byte[]>> byObject = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();

    /** Holds write number {@code sequence} of object {@code id}, within the bounds. */
    void hold(long id, long sequence, byte[] call) {
        TreeMap<Long, byte[]> held = byObject.computeIfAbsent(id, k -> new TreeMap<>());
        synchronized (held) {
            if (held.size() < Replica.MAX_WAITING && count.get() < MAX && held.put(sequence, call) == null) {
                count.incrementAndGet();
            }
        }
    }

    /**
     * The replica of object {@code id} came while write {@code sequence} went in, and may have
     * taken what was held before it: the write is applied there instead. Another copy of the same
     * write held since is the same write, and goes too.
     */
    void forget(long id, long sequence) {
        TreeMap<Long, byte[]> held = byObject.get(id);
        if (held == null) {
            return;
        }
        synchronized (held) {
            if (held.remove(sequence) != null) {
                count.decrementAndGet();
            }
        }
    }

    /** Hands every write held for object {@code id} to its replica, which has come, and holds them no more. */
    void handOver(long id, BiConsumer<Long, byte[]> to) {
        TreeMap<Long, byte[]> came = byObject.remove(id);
        if (came != null) {
            synchronized (came) { // a write may be going in as it is taken out
                count.addAndGet(-came.size());
                came.forEach(to);
                came.clear();
            }
        }
    }

    /** How many writes are held. */
    int count() {
        return count.get();
    }
}
