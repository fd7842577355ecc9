package satin.registry;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import satin.net.Connection;
import satin.net.Message;
import satin.net.Transport;

/**
 * A registry that a member started in place of one the pool lost: it begins with what the last
 * registry had said, takes the members back as they come, and when the time to come back is over
 * decides whether the ones that did not are dead or this side of the pool is the one cut off. Kept
 * apart from admission and election because it is the only part that must guess, from a partial
 * pool, whether going on would run the program twice.
 */
final class Takeover {

    private static final System.Logger LOG = System.getLogger("satin.registry");

    /** The registry, whose lock guards {@link #pool}: the decisions after the window take it themselves. */
    private final Object lock;
    private final PoolState pool;
    private final Election election;
    /** The members other than the master when this registry took over, or 0 for a registry that began the run. */
    private int formerFollowers;
    /** Whether the missing were counted, at the window's end or before it; under the lock. */
    private boolean decided;
    /** Whether the addresses of the missing are being tried before the window's end; under the lock. */
    private boolean probing;
    private Silences silences = Silences.NONE;
    private long timeoutNanos;
    private Transport transport;

    Takeover(Object lock, PoolState pool, Election election) {
        this.lock = lock;
        this.pool = pool;
        this.election = election;
    }

    /**
     * Starts from what the registry before this one had said; under the registry's lock. What this
     * node knows of silent members ({@code silences}) and the failure timeout tell who can come
     * back ({@link ComingBack}).
     */
    void resume(List<Message.Member> known, int master, Set<String> deadNames, String allow, Silences silences,
            long timeoutNanos, Transport transport) {
        this.silences = silences;
        this.timeoutNanos = timeoutNanos;
        this.transport = transport;
        for (Message.Member m : known) {
            pool.members.put(m.id(), m);
            pool.nextId = Math.max(pool.nextId, m.id() + 1);
        }
        pool.master = master;
        pool.dead.addAll(deadNames);
        pool.allow = allow;
        pool.allowFrom = "the registry before it moved";
        formerFollowers = (int) known.stream().filter(m -> m.id() != master).count();
    }

    /** A member of the registry before it moved comes back under its id; under the registry's lock. */
    void rejoin(Connection c, Message.Join j) {
        if (pool.lost != null) {
            // what the members here were told: a member that comes later must not wait for ever
            Registry.refuse(c, pool.lost);
            return;
        }
        Message.Member known = pool.members.get(j.previousId());
        if (known == null && pool.stopped && !pool.dead.contains(j.name())) {
            Registry.refuse(c, Registry.RUN_OVER); // it came back after the run ended without it: nothing is lost
            return;
        }
        if (known == null || !known.name().equals(j.name()) || pool.connections.containsKey(j.previousId())) {
            Registry.refuse(c, "node " + j.name() + " was not member " + j.previousId() + " of this pool when its "
                    + "registry moved" + (pool.dead.contains(j.name()) ? " (it was declared dead)" : ""));
            return;
        }
        if (!pool.allow.equals(j.allow())) {
            Registry.refuse(c, "node " + j.name() + " allows other classes to travel than the pool");
            return;
        }
        pool.connect(known.id(), c);
        if (j.wantsMaster()) {
            pool.mayLead.add(known.id());
        }
        c.send(new Message.Members(known.id(), pool.master, pool.all()));
        if (pool.stopped) {
            // the master followed the registry sooner and ended the run: this member missed the stop
            c.send(new Message.Stop());
        }
        decideIfNoneCanComeBack();
    }

    /**
     * A member came back: if every member still missing, the master included, cannot come back,
     * nobody is left to wait for, and the window need not run out. A member cannot come back when
     * its process is gone (its address refuses connections), or when this node found it silent for
     * longer than a stopped process survives. A master killed or stopped with its registry cost
     * the run the whole window (the failure timeout) before another was elected. A missing member
     * that may be alive keeps the window: only its end may declare it dead. Under the lock.
     */
    private void decideIfNoneCanComeBack() {
        if (decided || probing || pool.stopped || pool.steppedDown) {
            return;
        }
        List<Message.Member> missing = missing(true);
        if (missing.isEmpty()) {
            return;
        }
        probing = true;
        Thread probes = new Thread(() -> {
            Set<Integer> gone = ComingBack.gone(missing);
            synchronized (lock) {
                probed(missing, gone);
            }
        }, "satin-registry-early-probes");
        probes.setDaemon(true);
        probes.start();
    }

    /** What the probes of {@code missing} found: decide now, later, or leave it to the window. Under the lock. */
    private void probed(List<Message.Member> missing, Set<Integer> gone) {
        probing = false;
        if (decided || pool.stopped || pool.steppedDown) {
            return;
        }
        if (!missing(true).equals(missing)) {
            decideIfNoneCanComeBack(); // another came back meanwhile: ask again about those left
            return;
        }
        long wait = ComingBack.untilNoneCan(missing, gone, silences, timeoutNanos);
        if (wait == Long.MAX_VALUE) {
            return; // one may be alive: only the window's end decides
        }
        if (wait > 0) {
            transport.schedule(wait, () -> {
                synchronized (lock) {
                    decideIfNoneCanComeBack();
                }
            });
            return;
        }
        decided = true;
        LOG.log(Level.WARNING, "no member missing from the registry taken over can come back ({0} gone, "
                + "{1} silent for too long): decided before the window''s end", gone.size(), missing.size() - gone.size());
        rejoinsCounted(gone);
    }

    /** The members not connected to this registry, the master among them if {@code withMaster}; under the lock. */
    private List<Message.Member> missing(boolean withMaster) {
        return pool.members.values().stream()
                .filter(m -> (withMaster || m.id() != pool.master) && !pool.connections.containsKey(m.id())).toList();
    }

    /**
     * Members that did not join the moved registry in time are dead. Unless no more than half of
     * the members other than the master came: then it may rather be this side of the pool that is
     * cut off (a network that split, or a registry only starved that the others still hear, not a
     * pool that lost most of its processes), and electing a master here would run main a second
     * time beside the real one; so this side stops. A tie stops too: half of the pool cannot tell
     * which half it is. Members whose address refuses connections are not counted: their process
     * is gone, which no split of the network looks like (the master's process with more nodes than
     * all the others, or several processes killed at once, would otherwise lose the run). A master
     * that came back is on this side, and no second one is elected whatever the count.
     */
    void rejoinWindowOver() {
        List<Message.Member> missing;
        synchronized (lock) {
            if (pool.steppedDown || decided) {
                return;
            }
            decided = true;
            missing = missing(false);
            if (pool.stopped) {
                notWaitedFor(missing);
                return; // the members that came back leave after the stop, as they should
            }
        }
        Thread probes = new Thread(() -> rejoinsCounted(ComingBack.gone(missing)), "satin-registry-rejoins");
        probes.setDaemon(true);
        probes.start();
    }

    /**
     * The run ended within the window, and these members have not come back: they will not report,
     * and the master and this registry stop waiting for them. They are not declared dead (nothing
     * is run again after the stop); one that comes after all hears that the run is over.
     */
    private void notWaitedFor(List<Message.Member> missing) {
        for (Message.Member m : missing) {
            LOG.log(Level.WARNING, "member {0} did not join the registry again before the run ended: not waited for",
                    m.id());
            election.gone(m.id(), false);
        }
    }

    private void rejoinsCounted(Set<Integer> gone) {
        synchronized (lock) {
            if (pool.stopped || pool.steppedDown) {
                return;
            }
            if (cutOff(gone)) {
                return;
            }
            for (Integer id : new ArrayList<>(pool.members.keySet())) {
                if (!pool.connections.containsKey(id)) {
                    LOG.log(Level.WARNING, "member {0} did not join the registry again after it moved: "
                            + "declared dead{1}", id, gone.contains(id) ? " (its address refuses connections)" : "");
                    election.gone(id, true);
                }
            }
        }
    }

    /** Whether too few came back for this side to go on; if so, it stops and everyone here is told why. */
    private boolean cutOff(Set<Integer> gone) {
        long back = pool.connections.keySet().stream().filter(id -> id != pool.master).count();
        int counted = formerFollowers - (int) gone.stream().filter(id -> id != pool.master).count();
        if (2 * back <= counted && counted > 0 && !pool.connections.containsKey(pool.master)) {
            String why = "the registry taken over could reach only " + back + " of the " + counted
                    + " members other than the master" + (gone.isEmpty() ? "" : " still alive")
                    + ": this side of the pool is cut off from the rest";
            LOG.log(Level.ERROR, why);
            pool.stopped = true;
            pool.lost = why;
            pool.broadcast(new Message.Refused(why), null);
            return true;
        }
        return false;
    }
}
