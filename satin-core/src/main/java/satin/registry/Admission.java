package satin.registry;

import java.lang.System.Logger.Level;
import java.util.List;
import satin.net.Connection;
import satin.net.Message;

/**
 * Whether a node that joins for the first time becomes a member, and what everyone hears when it
 * does. Kept apart from the registry's other messages because it carries the pool's rules for
 * newcomers: one name each, no return from the dead, one list of classes allowed to travel, and
 * the master's place kept for the node that was meant to have it. Called under the registry's lock.
 */
final class Admission {

    private static final System.Logger LOG = System.getLogger("satin.registry");

    private final PoolState pool;
    /** The name of the node that will be master, if the registry keeps the place for it. */
    private final String reservedMaster;

    Admission(PoolState pool, String reservedMaster) {
        this.pool = pool;
        this.reservedMaster = reservedMaster;
    }

    /** A node that was no member of this pool before asks to join it. */
    void admit(Connection c, Message.Join j) {
        String refusal = refusal(j);
        if (refusal != null) {
            Registry.refuse(c, refusal);
            return;
        }
        int id = pool.nextId++;
        Message.Member member = new Message.Member(id, j.name(), j.cluster(), j.address());
        boolean elected = j.wantsMaster() && pool.master < 0
                && (reservedMaster == null || reservedMaster.equals(j.name()));
        if (elected) {
            pool.master = id;
        }
        if (j.wantsMaster()) {
            pool.mayLead.add(id);
        }
        pool.members.put(id, member);
        pool.connect(id, c);
        LOG.log(Level.DEBUG, "{0} joined as member {1}", member, id);
        List<Message.Member> all = pool.all();
        c.send(new Message.Members(id, pool.master, all));
        if (elected) {
            // who came before the master learns it now, with the whole membership
            pool.connections.forEach((other, to) -> {
                if (to != c) {
                    to.send(new Message.Members(other, pool.master, all));
                }
            });
        } else {
            pool.broadcast(new Message.MemberJoined(member), c);
        }
    }

    /** Why {@code j} may not join, or null; the first member's list of allowed classes becomes the pool's. */
    private String refusal(Message.Join j) {
        if (pool.stopped) {
            return Registry.RUN_OVER;
        }
        if (pool.dead.contains(j.name())) {
            return "node " + j.name() + " was declared dead in this run (it stopped answering); it may not come back";
        }
        if (pool.members.values().stream().anyMatch(m -> m.name().equals(j.name()))) {
            return "a node called " + j.name() + " is already in the pool";
        }
        if (pool.allow == null) {
            pool.allow = j.allow();
            pool.allowFrom = j.name();
        } else if (!pool.allow.equals(j.allow())) {
            return "node " + j.name() + " allows " + describe(j.allow()) + " to travel, but the pool allows "
                    + describe(pool.allow) + " (as its first member, " + pool.allowFrom + ", announced): a class one "
                    + "node sends and another refuses would not run where it was sent, so every node must start with "
                    + "the same -Dsatin.allow";
        }
        return null;
    }

    private static String describe(String allowed) {
        return allowed.isEmpty() ? "no class beyond the defaults (no -Dsatin.allow)" : "-Dsatin.allow=" + allowed;
    }
}
