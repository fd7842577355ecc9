package satin.shared;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import satin.SharedObject;
import satin.net.Message;

/**
 * The master's side of the shared objects: it numbers each object's writes, one after the other,
 * sends each numbered write to every other member over its link (so each member gets them in
 * order), keeps the last of them, and gives a member that joins the state of every replica it has
 * followed by the writes that state does not hold yet.
 */
final class Sequencer {

    /** The writes kept per object for members that join while they are on their way. */
    static final int KEPT = 256;
    /** The most objects the master orders writes of: each costs it a count and kept writes. */
    static final int MAX_OBJECTS = 4096;

    private final SharedPort port;
    private final Replicas replicas;
    /** Per object, the number of the last write ordered; guarded by this. */
    private final Map<Long, Long> last = new HashMap<>();
    /** Per object, the last writes ordered, oldest first; guarded by this. */
    private final Map<Long, ArrayDeque<Message.SharedWrite>> kept = new HashMap<>();
    /** The members that were given the replicas' states; guarded by itself. */
    private final Set<Integer> given = new HashSet<>();

    Sequencer(SharedPort port, Replicas replicas) {
        this.port = port;
        this.replicas = replicas;
    }

    /**
     * Gives the write the next number of its object, sends it to every other member, then applies it
     * here; false, doing nothing, if it is of a new object and the master orders as many as it may.
     */
    boolean order(long id, byte[] call) {
        Message.SharedWrite w;
        synchronized (this) {
            if (!last.containsKey(id) && last.size() >= MAX_OBJECTS) {
                return false;
            }
            w = new Message.SharedWrite(id, last.merge(id, 1L, Long::sum), call);
            ArrayDeque<Message.SharedWrite> k = kept.computeIfAbsent(id, x -> new ArrayDeque<>());
            if (k.size() == KEPT) {
                k.removeFirst();
            }
            k.addLast(w);
            for (int member : port.others()) {
                port.send(member, w);
            }
        }
        // outside the order's lock: the worker that wrote holds the object's lock, and applying takes it
        replicas.ordered(id, w.sequence(), call);
        return true;
    }

    /** On the master, the members that came since the last change get every replica's state. */
    void membersChanged() {
        if (port.self() != port.master()) {
            return;
        }
        synchronized (given) {
            List<Integer> others = port.others();
            for (int member : others) {
                if (given.add(member)) {
                    giveStates(member);
                }
            }
            given.retainAll(others);
        }
    }

    /**
     * A state, then the kept writes it does not hold: the member is among the others already, so
     * every write ordered after this goes to it too, and one it gets twice it drops.
     */
    private void giveStates(int member) {
        for (Map.Entry<Long, SharedObject> e : replicas.all()) {
            Replicas.State s = replicas.state(e.getValue());
            synchronized (this) {
                port.send(member, new Message.SharedState(s.bytes()));
                for (Message.SharedWrite w : kept.getOrDefault(e.getKey(), new ArrayDeque<>())) {
                    if (w.sequence() > s.sequence()) {
                        port.send(member, w);
                    }
                }
            }
        }
    }
}
