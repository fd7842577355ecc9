package satin.registry;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import satin.net.Connection;
import satin.net.Message;

/**
 * The pool and its run as the registry knows them. Admission, election and a takeover each change
 * a part of it, so it is one object they share rather than the registry's fields; it has no lock of
 * its own: every read and write happens under the registry's.
 */
final class PoolState {

    final Map<Integer, Message.Member> members = new LinkedHashMap<>();
    final Map<Integer, Connection> connections = new LinkedHashMap<>();
    final Map<Connection, Integer> ids = new LinkedHashMap<>();
    int nextId = 1;
    int master = -1;
    /** The names of members declared dead: they stay dead for the run, and may not join again. */
    final Set<String> dead = new HashSet<>();
    /** The members that may become master if the master dies: those that asked to be master. */
    final Set<Integer> mayLead = new HashSet<>();
    /** What the pool's members allow to travel: what its first member announced; null before. */
    String allow;
    String allowFrom;

    boolean stopped;
    boolean masterDied;
    /** Why the run ended here without the master's stop (this side cut off, no member to lead), or null. */
    String lost;
    /**
     * A member gave this registry up and the pool moved it, or its process closes it: nothing here
     * counts any more, and the connections that close now are no member's death.
     */
    boolean steppedDown;
    /** Counted down when the run is over (ended by the master, or lost with it) and everyone left. */
    final CountDownLatch finished = new CountDownLatch(1);

    /** Binds a member's id and the connection it joined on, both ways. */
    void connect(int id, Connection c) {
        connections.put(id, c);
        ids.put(c, id);
    }

    List<Message.Member> all() {
        return new ArrayList<>(members.values());
    }

    void broadcast(Message m, Connection except) {
        for (Connection c : new ArrayList<>(connections.values())) {
            if (c != except) {
                c.send(m);
            }
        }
    }
}
