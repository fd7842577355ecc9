package satin.shared;

import java.util.TreeMap;
import java.util.function.Consumer;
import satin.SharedObject;

/**
 * One replica's place in its object's order of writes: how many of the master's writes its state
 * holds, and the writes that came before those they follow. Guarded by the object's lock, which
 * rewritten write methods hold.
 */
final class Replica {

    /** The most writes held while earlier ones are missing; beyond it the replica lags until a newer state comes. */
    static final int MAX_WAITING = 1024;

    final long id;
    final SharedObject object;
    /** Writes its state holds; -1 while it waits for its first state. Written under the object's lock. */
    volatile long sequence;
    private final TreeMap<Long, byte[]> waiting = new TreeMap<>();

    Replica(long id, SharedObject object, long sequence) {
        this.id = id;
        this.object = object;
        this.sequence = sequence;
    }

    /** Keeps write number {@code s} until those before it are applied; one the state holds already is dropped. */
    void hold(long s, byte[] call) {
        if (s > sequence && waiting.size() < MAX_WAITING) {
            waiting.put(s, call);
        }
    }

    /**
     * Applies the writes that follow the state, in order, as far as none is missing; nothing before
     * its first state came.
     *
     * @return whether any was applied
     */
    boolean applyInOrder(Consumer<byte[]> apply) {
        if (sequence < 0) {
            return false;
        }
        waiting.headMap(sequence, true).clear();
        boolean changed = false;
        for (byte[] call = waiting.remove(sequence + 1); call != null; call = waiting.remove(sequence + 1)) {
            sequence++;
            apply.accept(call);
            changed = true;
        }
        return changed;
    }

    /** Forgets the writes held behind a missing one: whoever numbered them is gone. */
    void dropHeld() {
        waiting.clear();
    }
}
