package satin.pool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.net.Message;

/**
 * Who is in the pool, as the registry announced it: this node's id, the master's, every member's
 * cluster and address, and the members declared dead, which stay dead for the run (a frozen node
 * that thaws is not let back in).
 */
final class Members {

    private final String cluster;
    private final Map<Integer, Message.Member> byId = new ConcurrentHashMap<>();
    /** Every member ever announced, by id, gone ones included: where a late reply is classified. */
    private final Map<Integer, String> clusters = new ConcurrentHashMap<>();
    private final Set<String> dead = ConcurrentHashMap.newKeySet();
    private volatile int self = -1;
    private volatile int master = -1;
    private volatile List<Integer> others = List.of();

    Members(String cluster) {
        this.cluster = cluster;
    }

    /** The registry's whole answer at join time (or at an election). */
    void reset(int you, int masterId, List<Message.Member> all) {
        all.forEach(this::add);
        master = masterId;
        self = you;
        recompute();
    }

    void joined(Message.Member member) {
        add(member);
        recompute();
    }

    /** A member left or was declared dead; true if it was a member. */
    boolean gone(int id, boolean died) {
        Message.Member m = byId.remove(id);
        if (m != null && died) {
            dead.add(m.name());
        }
        recompute();
        return m != null;
    }

    private void add(Message.Member member) {
        // its cluster first: a thread that finds the member must find its cluster too, or it takes a
        // member of its own cluster for a wide-area one (the allowlist's record-before-fields race)
        clusters.put(member.id(), member.cluster());
        byId.put(member.id(), member);
    }

    private void recompute() {
        List<Integer> now = new ArrayList<>(byId.keySet());
        now.remove(Integer.valueOf(self));
        now.sort(null);
        others = List.copyOf(now);
    }

    int self() {
        return self;
    }

    int master() {
        return master;
    }

    boolean admitted() {
        return self >= 0;
    }

    List<Integer> others() {
        return others;
    }

    Message.Member get(int id) {
        return byId.get(id);
    }

    boolean contains(int id) {
        return byId.containsKey(id);
    }

    int size() {
        return byId.size();
    }

    List<Message.Member> all() {
        return List.copyOf(byId.values());
    }

    /** The cluster of a member, present or gone: a reply from a departed member is still classified. */
    String clusterOf(int member) {
        return clusters.getOrDefault(member, "");
    }

    /** Whether {@code id} was announced in this run, whether or not it is still a member. */
    boolean wasMember(int id) {
        return clusters.containsKey(id);
    }

    boolean wideArea(int member) {
        return !clusterOf(member).equals(cluster);
    }

    /** The member called {@code name} now, or -1: a connection names its peer, the pool knows it by id. */
    int idOf(String name) {
        for (Message.Member m : byId.values()) {
            if (m.name().equals(name)) {
                return m.id();
            }
        }
        return -1;
    }

    Set<String> deadNames() {
        return Set.copyOf(dead);
    }

    boolean declaredDead(String name) {
        return dead.contains(name);
    }
}
