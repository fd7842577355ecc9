package satin.registry;

import io.netty.channel.Channel;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.net.Connection;
import satin.net.FrameFormat;
import satin.net.Inbox;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.Liveness;
import satin.net.Transport;
import satin.net.WanLinks;

/**
 * The registry of a pool, the role Ibis IPL's server plays: nodes join it with the pool's secret,
 * their name, cluster and address; it numbers them, tells each newcomer who is there and everyone
 * else who came, left or died; the first node that asks to be master is the master. When the
 * master says the run is over, the registry tells every node, and forwards their final statistics
 * to the master. Every member must allow the same classes to travel as the first one announced
 * ({@code -Dsatin.allow}); a node that allows other ones is refused, with both lists named. By
 * default the master's process embeds it; a standalone one serves multi-host runs.
 */
public final class Registry implements Inbox, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("satin.registry");
    /** Why a node that comes after the master ended the run is not admitted. */
    public static final String RUN_OVER = "the run is over";

    private final Channel listening;
    private final String address;
    /** The name of the node that will be master, if the registry keeps the place for it. */
    private final String reservedMaster;
    private final Map<Integer, Message.Member> members = new LinkedHashMap<>();
    private final Map<Integer, Connection> connections = new LinkedHashMap<>();
    private final Map<Connection, Integer> ids = new LinkedHashMap<>();
    private int nextId = 1;
    private int master = -1;
    private boolean stopped;
    private boolean masterDied;
    /** Why the run ended here without the master's stop (this side cut off, no member to lead), or null. */
    private String lost;
    /**
     * A member gave this registry up and the pool moved it, or its process closes it: nothing here
     * counts any more, and the connections that close now are no member's death.
     */
    private boolean steppedDown;
    /** What the pool's members allow to travel: what its first member announced; null before. */
    private String allow;
    private String allowFrom;
    /** Counted down when the run is over (ended by the master, or lost with it) and everyone left. */
    private final CountDownLatch finished = new CountDownLatch(1);

    /** The names of members declared dead: they stay dead for the run, and may not join again. */
    private final Set<String> dead = new HashSet<>();
    /** The members that may become master if the master dies: those that asked to be master. */
    private final Set<Integer> mayLead = new HashSet<>();

    private Registry(Transport transport, PoolIdentity identity, String address, String reservedMaster,
            Liveness.Settings liveness) throws InterruptedException {
        this.reservedMaster = reservedMaster;
        if (PipelineInitializer.dialsRegistryOverTls(address)) { // else its peers dial plain: nothing to make ahead
            PipelineInitializer.prepareTls(identity, address);
        }
        this.listening = transport.listen(address, new PipelineInitializer(identity, true,
                FrameFormat.DEFAULT_MAX_FRAME, this, null, WanLinks.none(), liveness));
        this.address = Transport.addressOf(listening);
    }

    /**
     * Starts a registry for a pool.
     *
     * @param address where to listen: {@code tcp://host:port} (port 0 for any) or {@code local://name}
     */
    public static Registry start(Transport transport, String pool, String secret, String address)
            throws InterruptedException {
        return start(transport, pool, secret, address, null);
    }

    /**
     * Starts a registry that keeps the master's place for the node called {@code reservedMaster}
     * (when it asks for it), whoever joins first: the process that embeds the registry can then run
     * main before its own node has joined.
     */
    public static Registry start(Transport transport, String pool, String secret, String address,
            String reservedMaster) throws InterruptedException {
        return start(transport, pool, secret, address, reservedMaster, Liveness.Settings.DEFAULT);
    }

    /** A registry that declares a member dead once it has been silent for {@code liveness}'s timeout. */
    public static Registry start(Transport transport, String pool, String secret, String address,
            String reservedMaster, Liveness.Settings liveness) throws InterruptedException {
        return new Registry(transport, new PoolIdentity(pool, "registry", "", "", secret), address, reservedMaster,
                liveness);
    }

    /**
     * Takes over the registry of a pool whose registry was lost (its process died or froze): the
     * members, the master and the dead are what the last registry had said. Every member joins
     * again under its id ({@link Message.Join#previousId()}); one that has not within
     * {@code rejoinNanos} is declared dead, and if it was the master, another is elected.
     */
    public static Registry resume(Transport transport, String pool, String secret, String address,
            Liveness.Settings liveness, List<Message.Member> known, int master, Set<String> deadNames, String allow,
            long rejoinNanos) throws InterruptedException {
        Registry r = start(transport, pool, secret, address, null, liveness);
        synchronized (r) {
            for (Message.Member m : known) {
                r.members.put(m.id(), m);
                r.nextId = Math.max(r.nextId, m.id() + 1);
            }
            r.master = master;
            r.dead.addAll(deadNames);
            r.allow = allow;
            r.allowFrom = "the registry before it moved";
            r.formerFollowers = (int) known.stream().filter(m -> m.id() != master).count();
        }
        transport.schedule(rejoinNanos, r::rejoinWindowOver);
        return r;
    }

    /** The members other than the master when this registry took over, or 0 for a registry that began the run. */
    private int formerFollowers;

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
    private void rejoinWindowOver() {
        List<Message.Member> missing;
        synchronized (this) {
            if (steppedDown) {
                return;
            }
            missing = members.values().stream().filter(m -> m.id() != master && !connections.containsKey(m.id()))
                    .toList();
            if (stopped) {
                notWaitedFor(missing);
                return; // the members that came back leave after the stop, as they should
            }
        }
        Thread probes = new Thread(() -> rejoinsCounted(gone(missing)), "satin-registry-rejoins");
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
            goneId(m.id(), false);
        }
    }

    /** The ids of the members whose process is gone: their address refuses connections. All are asked at once. */
    private static Set<Integer> gone(List<Message.Member> missing) {
        Set<Integer> gone = java.util.concurrent.ConcurrentHashMap.newKeySet();
        List<Thread> probes = new ArrayList<>();
        for (Message.Member m : missing) {
            Thread probe = new Thread(() -> {
                if (Transport.refusesConnections(m.address(), PROBE_MILLIS)) {
                    gone.add(m.id());
                }
            }, "satin-registry-probe");
            probe.setDaemon(true);
            probe.start();
            probes.add(probe);
        }
        try {
            for (Thread probe : probes) {
                probe.join(2L * PROBE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // decided on what is known by now
        }
        return Set.copyOf(gone);
    }

    /** How long a missing member's address may take to refuse a connection. */
    private static final int PROBE_MILLIS = 1_000;

    private synchronized void rejoinsCounted(Set<Integer> gone) {
        if (stopped || steppedDown) {
            return;
        }
        long back = connections.keySet().stream().filter(id -> id != master).count();
        int counted = formerFollowers - gone.size();
        if (2 * back <= counted && counted > 0 && !connections.containsKey(master)) {
            String why = "the registry taken over could reach only " + back + " of the " + counted
                    + " members other than the master" + (gone.isEmpty() ? "" : " still alive")
                    + ": this side of the pool is cut off from the rest";
            LOG.log(Level.ERROR, why);
            stopped = true;
            lost = why;
            broadcast(new Message.Refused(why), null);
            return;
        }
        for (Integer id : new ArrayList<>(members.keySet())) {
            if (!connections.containsKey(id)) {
                LOG.log(Level.WARNING, "member {0} did not join the registry again after it moved: declared dead{1}", id,
                        gone.contains(id) ? " (its address refuses connections)" : "");
                goneId(id, true);
            }
        }
    }

    /** Where nodes reach this registry. */
    public String address() {
        return address;
    }

    @Override
    public void opened(Connection connection) {
    }

    @Override
    public synchronized void received(Connection c, Message m) {
        if (steppedDown && !(m instanceof Message.Join)) {
            return; // a member that gave this registry up a moment later than another
        }
        if (m instanceof Message.Join j) {
            join(c, j);
        } else if (m instanceof Message.Leave) {
            gone(c, false);
        } else if (m instanceof Message.Stop) {
            Integer id = ids.get(c);
            if (id != null && id == master) {
                stopped = true;
                LOG.log(Level.DEBUG, "the master ended the run: stopping {0} nodes", members.size());
                broadcast(new Message.Stop(), null);
            } else {
                refuse(c, "only the master may end the run");
            }
        } else if (m instanceof Message.Statistics s) {
            forward(c, s);
        } else if (m instanceof Message.Refused r && ids.containsKey(c)) {
            stepDown(c, r.reason());
        } else {
            refuse(c, "a " + m.type() + " message is not for the registry");
        }
    }

    /** The members whose statistics went to the master: each member's go once. */
    private final Set<Integer> reported = new HashSet<>();

    /**
     * Hands a member's statistics to the master: only a member's own, once, after the run ended;
     * so the master's share is bounded by the members, whatever one of them sends. A member that
     * sends otherwise is not cut off for it (that would declare it dead before the run is over):
     * its message is dropped and logged. A connection that never joined is refused.
     */
    private void forward(Connection c, Message.Statistics s) {
        Integer id = ids.get(c);
        if (id == null) {
            refuse(c, "statistics from a node that is not a member");
            return;
        }
        String wrong = s.node() != id ? "statistics of member " + s.node() + " from member " + id
                : !stopped ? "statistics from member " + id + " before the run ended"
                : !reported.add(id) ? "statistics from member " + id + " a second time" : null;
        if (wrong != null) {
            LOG.log(Level.WARNING, "ignoring {0}", wrong);
            return;
        }
        Connection to = connections.get(master);
        if (to != null) {
            to.send(s);
        }
    }

    @Override
    public synchronized void closed(Connection c) {
        if (!steppedDown) {
            gone(c, true);
        }
    }

    /**
     * A member gave this registry up: it heard nothing from it for the failure timeout (this
     * process was stopped, or starved), and the pool moves the registry to a member. Going on here
     * beside it, once this process runs again, would split the pool in two, each side with its
     * master running main. So this registry steps down: it closes every member's connection
     * without a word, which the members take for the registry's loss, and they follow it where it
     * moved (the master keeping its place if it comes in time); nobody is declared dead for having
     * given it up. After the master's stop it stays, to forward the statistics.
     */
    private void stepDown(Connection from, String why) {
        if (stopped || steppedDown) {
            return;
        }
        steppedDown = true;
        LOG.log(Level.WARNING, "member {0} gave this registry up ({1}): the pool moves it, and this one steps down",
                ids.get(from), why);
        List<Connection> all = new ArrayList<>(ids.keySet());
        connections.clear();
        ids.clear();
        listening.close();
        all.forEach(Connection::close);
        finished.countDown();
    }

    /**
     * A member silent for the failure timeout is declared dead, and told so before its connection
     * closes: a member that was only slow must stop, not take the closing for the registry's death
     * and take the registry over.
     */
    @Override
    public synchronized void silent(Connection c, long nanos) {
        String why = "declared dead: nothing heard from it for " + TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
        LOG.log(Level.WARNING, "member {0} ({1}) {2}", ids.get(c), c.peer().node(), why);
        c.send(new Message.Refused(why));
    }

    private void join(Connection c, Message.Join j) {
        if (steppedDown) {
            refuse(c, "this registry stepped down: the pool's registry moved to a member");
            return;
        }
        if (ids.containsKey(c)) {
            refuse(c, "joined twice");
            return;
        }
        if (!j.name().equals(c.peer().node())) { // every connection of a member's goes by the name it proved
            refuse(c, "node " + c.peer().node() + " joins as " + j.name() + " but introduced itself as "
                    + c.peer().node() + " in its handshake");
            return;
        }
        if (j.previousId() >= 0) {
            rejoin(c, j);
            return;
        }
        if (stopped) {
            refuse(c, RUN_OVER);
            return;
        }
        if (dead.contains(j.name())) {
            refuse(c, "node " + j.name() + " was declared dead in this run (it stopped answering); it may not come back");
            return;
        }
        if (members.values().stream().anyMatch(m -> m.name().equals(j.name()))) {
            refuse(c, "a node called " + j.name() + " is already in the pool");
            return;
        }
        if (allow == null) {
            allow = j.allow();
            allowFrom = j.name();
        } else if (!allow.equals(j.allow())) {
            refuse(c, "node " + j.name() + " allows " + describe(j.allow()) + " to travel, but the pool allows "
                    + describe(allow) + " (as its first member, " + allowFrom + ", announced): a class one node sends "
                    + "and another refuses would not run where it was sent, so every node must start with the same "
                    + "-Dsatin.allow");
            return;
        }
        int id = nextId++;
        Message.Member member = new Message.Member(id, j.name(), j.cluster(), j.address());
        boolean elected = j.wantsMaster() && master < 0 && (reservedMaster == null || reservedMaster.equals(j.name()));
        if (elected) {
            master = id;
        }
        if (j.wantsMaster()) {
            mayLead.add(id);
        }
        members.put(id, member);
        connections.put(id, c);
        ids.put(c, id);
        LOG.log(Level.DEBUG, "{0} joined as member {1}", member, id);
        List<Message.Member> all = new ArrayList<>(members.values());
        c.send(new Message.Members(id, master, all));
        if (elected) {
            // who came before the master learns it now, with the whole membership
            connections.forEach((other, to) -> {
                if (to != c) {
                    to.send(new Message.Members(other, master, all));
                }
            });
        } else {
            broadcast(new Message.MemberJoined(member), c);
        }
    }

    /** A member of the registry before it moved comes back under its id. */
    private void rejoin(Connection c, Message.Join j) {
        if (lost != null) {
            refuse(c, lost); // what the members here were told: a member that comes later must not wait for ever
            return;
        }
        Message.Member known = members.get(j.previousId());
        if (known == null && stopped && !dead.contains(j.name())) {
            refuse(c, RUN_OVER); // it came back after the run ended without it: nothing is lost
            return;
        }
        if (known == null || !known.name().equals(j.name()) || connections.containsKey(j.previousId())) {
            refuse(c, "node " + j.name() + " was not member " + j.previousId() + " of this pool when its registry moved"
                    + (dead.contains(j.name()) ? " (it was declared dead)" : ""));
            return;
        }
        if (!allow.equals(j.allow())) {
            refuse(c, "node " + j.name() + " allows other classes to travel than the pool");
            return;
        }
        connections.put(known.id(), c);
        ids.put(c, known.id());
        if (j.wantsMaster()) {
            mayLead.add(known.id());
        }
        c.send(new Message.Members(known.id(), master, new ArrayList<>(members.values())));
        if (stopped) {
            // the master followed the registry sooner and ended the run: this member missed the stop
            c.send(new Message.Stop());
        }
    }

    private void gone(Connection c, boolean died) {
        Integer id = ids.remove(c);
        if (id != null) {
            goneId(id, died);
        }
    }

    private void goneId(int id, boolean died) {
        Message.Member member = members.remove(id);
        connections.remove(id);
        ids.values().remove(id);
        mayLead.remove(id);
        if (member == null) {
            return;
        }
        if (died && !stopped) {
            dead.add(member.name());
            LOG.log(Level.WARNING, "member {0} died", id);
        }
        broadcast(new Message.MemberGone(id, died && !stopped), null);
        if (id == master && !stopped) {
            elect();
        }
        if (members.isEmpty() && (stopped || masterDied)) {
            finished.countDown();
        }
    }

    /**
     * The master is gone before the end of the run: the member with the lowest id among those that
     * may lead becomes master, runs main again, and everyone is told. With none, the run is lost.
     */
    private void elect() {
        master = connections.keySet().stream().filter(mayLead::contains).min(Integer::compare).orElse(-1);
        if (master < 0) {
            masterDied = true;
            lost = "the master is gone and no member may take its place";
            LOG.log(Level.ERROR, lost + ": the run is lost");
            broadcast(new Message.Refused(lost), null);
            return;
        }
        LOG.log(Level.WARNING, "member {0} is the master now", master);
        List<Message.Member> all = new ArrayList<>(members.values());
        connections.forEach((id, to) -> to.send(new Message.Members(id, master, all)));
    }

    /** Waits until the run is over and every member has left; false if the time ran out first. */
    public boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }

    /** The master now, or -1. */
    public synchronized int master() {
        return master;
    }

    private void broadcast(Message m, Connection except) {
        for (Connection c : new ArrayList<>(connections.values())) {
            if (c != except) {
                c.send(m);
            }
        }
    }

    private static String describe(String allowed) {
        return allowed.isEmpty() ? "no class beyond the defaults (no -Dsatin.allow)" : "-Dsatin.allow=" + allowed;
    }

    private static void refuse(Connection c, String reason) {
        LOG.log(Level.WARNING, "refusing {0}: {1}", c, reason);
        c.send(new Message.Refused(reason));
        c.close();
    }

    /** The members now, for tests and reports. */
    public synchronized List<Message.Member> members() {
        return List.copyOf(members.values());
    }

    /** Stops listening, closes every member's connection and waits (a second at most) until they are closed. */
    @Override
    public void close() {
        List<Connection> open;
        synchronized (this) {
            // Its members take the closing for the registry's loss and move it, if the run goes on.
            // Judged one by one, as they closed, they were declared dead to those still open.
            steppedDown = true;
            open = new ArrayList<>(connections.values());
        }
        open.forEach(Connection::close);
        listening.close().awaitUninterruptibly(1_000);
        open.forEach(c -> c.awaitClosed(1_000));
    }
}
