package satin.registry;

import io.netty.channel.Channel;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 *
 * <p>This class listens, tells the messages apart and ends the run; who may join ({@link Admission}),
 * who leads when the master goes ({@link Election}) and how a member's registry takes over a lost
 * one ({@link Takeover}) are decided beside it, on one {@link PoolState}, all under this object's lock.
 */
public final class Registry implements Inbox, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("satin.registry");
    /** Why a node that comes after the master ended the run is not admitted. */
    public static final String RUN_OVER = "the run is over";

    private final Channel listening;
    private final String address;
    private final PoolState pool = new PoolState();
    private final Election election = new Election(pool);
    private final Admission admission;
    private final Takeover takeover = new Takeover(this, pool, election);
    /** The members whose statistics went to the master: each member's go once. */
    private final Set<Integer> reported = new HashSet<>();

    private Registry(Transport transport, PoolIdentity identity, String address, String reservedMaster,
            Liveness.Settings liveness) throws InterruptedException {
        this.admission = new Admission(pool, reservedMaster);
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
     * {@code rejoinNanos} is declared dead, and if it was the master, another is elected. The
     * window ends sooner once no missing member can come back: each one's address refuses
     * connections, or {@code silences} says it was silent for longer than a stopped process lives.
     */
    public static Registry resume(Transport transport, String pool, String secret, String address,
            Liveness.Settings liveness, List<Message.Member> known, int master, Set<String> deadNames, String allow,
            long rejoinNanos, Silences silences) throws InterruptedException {
        Registry r = start(transport, pool, secret, address, null, liveness);
        synchronized (r) {
            r.takeover.resume(known, master, deadNames, allow, silences, liveness.timeoutNanos(), transport);
        }
        transport.schedule(rejoinNanos, r.takeover::rejoinWindowOver);
        return r;
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
        if (pool.steppedDown && !(m instanceof Message.Join)) {
            return; // a member that gave this registry up a moment later than another
        }
        if (m instanceof Message.Join j) {
            join(c, j);
        } else if (m instanceof Message.Leave) {
            gone(c, false);
        } else if (m instanceof Message.Stop) {
            Integer id = pool.ids.get(c);
            if (id != null && id == pool.master) {
                pool.stopped = true;
                LOG.log(Level.DEBUG, "the master ended the run: stopping {0} nodes", pool.members.size());
                pool.broadcast(new Message.Stop(), null);
            } else {
                refuse(c, "only the master may end the run");
            }
        } else if (m instanceof Message.Statistics s) {
            forward(c, s);
        } else if (m instanceof Message.Refused r && pool.ids.containsKey(c)) {
            stepDown(c, r.reason());
        } else {
            refuse(c, "a " + m.type() + " message is not for the registry");
        }
    }

    /**
     * Hands a member's statistics to the master: only a member's own, once, after the run ended;
     * so the master's share is bounded by the members, whatever one of them sends. A member that
     * sends otherwise is not cut off for it (that would declare it dead before the run is over):
     * its message is dropped and logged. A connection that never joined is refused.
     */
    private void forward(Connection c, Message.Statistics s) {
        Integer id = pool.ids.get(c);
        if (id == null) {
            refuse(c, "statistics from a node that is not a member");
            return;
        }
        String wrong = s.node() != id ? "statistics of member " + s.node() + " from member " + id
                : !pool.stopped ? "statistics from member " + id + " before the run ended"
                : !reported.add(id) ? "statistics from member " + id + " a second time" : null;
        if (wrong != null) {
            LOG.log(Level.WARNING, "ignoring {0}", wrong);
            return;
        }
        Connection to = pool.connections.get(pool.master);
        if (to != null) {
            to.send(s);
        }
    }

    @Override
    public synchronized void closed(Connection c) {
        if (!pool.steppedDown) {
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
        if (pool.stopped || pool.steppedDown) {
            return;
        }
        pool.steppedDown = true;
        LOG.log(Level.WARNING, "member {0} gave this registry up ({1}): the pool moves it, and this one steps down",
                pool.ids.get(from), why);
        List<Connection> all = new ArrayList<>(pool.ids.keySet());
        pool.connections.clear();
        pool.ids.clear();
        listening.close();
        all.forEach(Connection::close);
        pool.finished.countDown();
    }

    /**
     * A member silent for the failure timeout is declared dead, and told so before its connection
     * closes: a member that was only slow must stop, not take the closing for the registry's death
     * and take the registry over.
     */
    @Override
    public synchronized void silent(Connection c, long nanos) {
        String why = "declared dead: nothing heard from it for " + TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
        LOG.log(Level.WARNING, "member {0} ({1}) {2}", pool.ids.get(c), c.peer().node(), why);
        c.send(new Message.Refused(why));
    }

    private void join(Connection c, Message.Join j) {
        if (pool.steppedDown) {
            refuse(c, "this registry stepped down: the pool's registry moved to a member");
            return;
        }
        if (pool.ids.containsKey(c)) {
            refuse(c, "joined twice");
            return;
        }
        if (!j.name().equals(c.peer().node())) { // every connection of a member's goes by the name it proved
            refuse(c, "node " + c.peer().node() + " joins as " + j.name() + " but introduced itself as "
                    + c.peer().node() + " in its handshake");
            return;
        }
        if (j.previousId() >= 0) {
            takeover.rejoin(c, j);
        } else {
            admission.admit(c, j);
        }
    }

    private void gone(Connection c, boolean died) {
        Integer id = pool.ids.remove(c);
        if (id != null) {
            election.gone(id, died);
        }
    }

    /** Waits until the run is over and every member has left; false if the time ran out first. */
    public boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.finished.await(timeout, unit);
    }

    /** The master now, or -1. */
    public synchronized int master() {
        return pool.master;
    }

    /** Tells {@code c} why it is refused, and closes it. */
    static void refuse(Connection c, String reason) {
        LOG.log(Level.WARNING, "refusing {0}: {1}", c, reason);
        c.send(new Message.Refused(reason));
        c.close();
    }

    /** The ids of the members connected to this registry now: for one taken over, those that came back. */
    public synchronized Set<Integer> connected() {
        return Set.copyOf(pool.connections.keySet());
    }

    /** The members now, for tests and reports. */
    public synchronized List<Message.Member> members() {
        return List.copyOf(pool.members.values());
    }

    /** Stops listening, closes every member's connection and waits (a second at most) until they are closed. */
    @Override
    public void close() {
        List<Connection> open;
        synchronized (this) {
            // Its members take the closing for the registry's loss and move it, if the run goes on.
            // Judged one by one, as they closed, they were declared dead to those still open.
            pool.steppedDown = true;
            open = new ArrayList<>(pool.connections.values());
        }
        open.forEach(Connection::close);
        listening.close().awaitUninterruptibly(1_000);
        open.forEach(c -> c.awaitClosed(1_000));
    }
}
