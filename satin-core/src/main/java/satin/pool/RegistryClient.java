package satin.pool;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import satin.net.Connection;
import satin.net.Inbox;
import satin.net.FrameFormat;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.WanLinks;
import satin.steal.StealProtocol;
import satin.registry.Registry;
import satin.stats.report.JsonObjectCheck;
import satin.stats.report.PoolReport;
import satin.stats.report.Reports;

/**
 * A node's connection to the registry: joining, hearing who comes and goes, and the end of the
 * run (the master's stop, the statistics every member sends the master, or the run lost).
 */
final class RegistryClient implements Inbox {

    private static final System.Logger LOG = System.getLogger("satin.pool");
    private static final long JOIN_TIMEOUT_SECONDS = 30;
    /** Deeper than a node's report goes (its activity trace is an array of pairs): nothing honest is refused. */
    private static final int REPORT_DEPTH = 8;

    private final PoolNode pool;
    private final PoolConfig config;
    private final Members members;
    private volatile Connection registry;
    /** The member that keeps the registry since it moved, or -1 while it is where the run began. */
    private volatile int host = -1;
    /** Counted down when the registry answers this join attempt, or refuses it. */
    private volatile CountDownLatch joined = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Reports reports;
    private volatile int membersAtStop;
    /** Why the registry did not admit this node, or null. */
    private volatile String refusal;
    /** Why the run ended without the master's stop, or null. */
    private volatile String lost;

    RegistryClient(PoolNode pool, PoolConfig config, Members members) {
        this.pool = pool;
        this.config = config;
        this.members = members;
        this.reports = new Reports(members::wasMember);
    }

    /**
     * Joins through the registry, trying again while it does not accept connections yet, so that
     * the processes of a run may start in any order, and while a handshake runs out of time (a TLS
     * handshake's first classes load for seconds under load); a refusal is final.
     */
    /**
     * The pause before joining again: a handshake that ran out of time took seconds, but a relay
     * that cannot reach the registry yet answers at once, and would be asked again thousands of times.
     */
    private static final long JOIN_AGAIN_MILLIS = 100;

    void join() throws InterruptedException {
        registryAddress = config.registry();
        PoolIdentity asJoiner = new PoolIdentity(config.pool(), config.name(), config.cluster(), pool.address(),
                config.secret());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JOIN_TIMEOUT_SECONDS);
        for (int attempt = 1; ; attempt++) {
            connect(asJoiner, deadline);
            if (!joined.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("node " + config.name() + " got no answer from the registry at "
                        + config.registry() + " within " + JOIN_TIMEOUT_SECONDS + " s");
            }
            if (members.admitted() || !Inbox.outOfTime(refusal) || deadline - System.nanoTime() < 0) {
                break;
            }
            LOG.log(Level.WARNING, "node {0}: the registry at {1} did not finish the handshake of attempt {2}"
                    + " to join ({3}: a deadline ran out, on a loaded machine?); joining again", config.name(),
                    config.registry(), attempt, refusal);
            refusal = null;
            joined = new CountDownLatch(1);
            Thread.sleep(JOIN_AGAIN_MILLIS);
        }
        if (!members.admitted() && Registry.RUN_OVER.equals(refusal)) {
            throw new PoolNode.RunOver("the run of pool " + config.pool() + " ended before node " + config.name()
                    + " joined");
        }
        if (!members.admitted()) {
            throw new IllegalStateException("node " + config.name() + " was not admitted to pool " + config.pool()
                    + " by the registry at " + config.registry() + ": "
                    + (refusal != null ? refusal : "it closed the connection"));
        }
    }

    /** Connects to the registry, trying again while it does not accept connections yet, so that processes may start in any order. */
    private void connect(PoolIdentity asJoiner, long deadline) throws InterruptedException {
        // every 10 ms while processes start together, then less often
        for (int attempt = 0; ; attempt++) {
            long pause = attempt < 100 ? 10 : 250;
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                satin.net.RelayRoute route = config.routeTo(config.registryCluster(), config.registry());
                SharedTransport.get().connect(route.dialled(), new PipelineInitializer(asJoiner, false,
                        config.maxFrame(), this, pool.traffic, WanLinks.none(), config.liveness())
                        .toRegistry(config.registry()).via(route), Math.max(1, left));
                return;
            } catch (IllegalStateException e) {
                if (left <= pause) {
                    throw new IllegalStateException("node " + config.name() + " cannot reach the registry at "
                            + config.registry() + " within " + JOIN_TIMEOUT_SECONDS + " s: " + e.getMessage(), e);
                }
                Thread.sleep(pause);
            }
        }
    }

    @Override
    public void opened(Connection c) {
        registry = c;
        c.send(new Message.Join(config.name(), config.cluster(), pool.address(), config.wantsMaster(),
                pool.allowed(), members.admitted() ? members.self() : -1));
    }

    @Override
    public void received(Connection c, Message m) {
        if (m instanceof Message.Members ms) {
            members.reset(ms.you(), ms.master(), ms.members());
            pool.membership().membersChanged();
            joined.countDown();
            if (stopUnheard) {
                c.send(new Message.Stop()); // joined again after main returned: this registry has not heard it
            }
        } else if (m instanceof Message.MemberJoined j) {
            members.joined(j.member());
            pool.membership().membersChanged();
        } else if (m instanceof Message.MemberGone g) {
            memberGone(g);
        } else if (m instanceof Message.Stop) {
            stop(c);
        } else if (m instanceof Message.Statistics s) {
            String shape = JsonObjectCheck.problem(s.json(), REPORT_DEPTH);
            String refused = shape != null ? "statistics of member " + s.node() + " that are not one JSON object ("
                    + shape + ")" : reports.add(s);
            if (refused != null) {
                LOG.log(Level.WARNING, "node {0} ignores {1} from the registry", config.name(), refused);
            }
        } else if (m instanceof Message.Refused r) {
            refused(r.reason(), members.admitted());
        } else {
            StealProtocol.protocolError(c, "a " + m.type() + " message from the registry");
        }
    }

    /**
     * The registry refused this node. A member that comes back to a moved registry after the run
     * ended without it is told the run is over: nothing of the run is lost for that, and its
     * process ends as one whose run went well.
     */
    private void refused(String reason, boolean member) {
        refusal = reason;
        boolean over = Registry.RUN_OVER.equals(reason);
        if (!over) {
            LOG.log(Level.ERROR, "node {0} was refused by the registry: {1}", config.name(), reason);
        }
        if (!member) {
            return;
        }
        if (over) {
            LOG.log(Level.WARNING, "node {0} came back to the registry at {1} after the master ended the run; ending",
                    config.name(), registryAddress);
            pool.stopping();
        } else {
            lost = reason;
        }
        stopped.countDown();
    }

    /** A member left or died; if it was the master, the registry elects another and says so next. */
    private void memberGone(Message.MemberGone g) {
        Message.Member member = members.get(g.id());
        if (members.gone(g.id(), g.died())) {
            pool.membership().memberGone(member, g.died());
        }
        reports.gone(g.id());
    }

    /** Room in a frame for what a statistics message carries besides the report (type, id, length). */
    static final int REPORT_MARGIN = 1024;

    /** Main has returned: nothing is left to steal; every member's statistics go to the master. */
    private void stop(Connection c) {
        stopUnheard = false;
        pool.stopping();
        membersAtStop = members.size();
        reports.open(members.all().stream().map(Message.Member::id).toList());
        Message.Statistics mine = new Message.Statistics(members.self(), PoolReport.json(pool.reportSource(),
                Math.min(config.maxFrame(), FrameFormat.DEFAULT_MAX_FRAME) - REPORT_MARGIN));
        if (pool.isMaster()) {
            c.send(mine); // the others' statistics still come to the master over this connection
            stopped.countDown();
        } else {
            c.sendLast(mine, 5_000, stopped::countDown); // the process may end once stopped
        }
    }

    /**
     * The registry is given up, and told so before the connection closes: if its process was only
     * stopped, it must step down when it runs again rather than go on beside the registry the pool
     * moves (as a member the registry gives up is told, to stop rather than take the registry over).
     */
    @Override
    public void silent(Connection c, long nanos) {
        c.send(new Message.Refused("node " + config.name() + " heard nothing from the registry for "
                + TimeUnit.NANOSECONDS.toMillis(nanos) + " ms"));
        pool.membership().detected("the registry", nanos);
    }

    @Override
    public void refused(String reason) {
        if (members.admitted()) {
            followFailed(host, reason); // a member connects again only to follow the registry where it moved
            return;
        }
        refusal = reason;
        joined.countDown();
    }

    @Override
    public void closed(Connection c) {
        if (c != registry) {
            return; // the registry this node left when it moved
        }
        boolean unexpected = !pool.closing() && stopped.getCount() > 0 && refusal == null;
        if (unexpected && members.admitted()) {
            LOG.log(Level.WARNING, "node {0} lost the registry at {1}; the pool moves it", config.name(),
                    registryAddress);
            lostRegistry();
            return;
        }
        if (unexpected) {
            LOG.log(Level.ERROR, "node {0} lost the registry at {1}; leaving the pool", config.name(),
                    config.registry());
            lost = "the registry at " + config.registry() + " went away";
        }
        stopped.countDown();
        joined.countDown();
    }

    /** Follows a member that took the registry over before this node noticed; else the pool moves it. */
    private synchronized void lostRegistry() {
        host = -1;
        registry = null;
        if (pendingHost >= 0) {
            moveTo(pendingHost, pendingAddress);
            pendingHost = -1;
        } else {
            pool.failover().registryLost();
        }
    }

    /** The registry the pool has now. */
    private volatile String registryAddress;

    /**
     * A member says it keeps the registry now: this node joins it there again, under its id, unless
     * it follows a member with a lower id already (two members that both took the registry over
     * agree on the lower one).
     */
    synchronized void moveTo(int newHost, String address) {
        if (newHost == host || (host >= 0 && newHost > host)) {
            return;
        }
        Connection current = registry;
        if (current != null && current.isOpen() && host < 0) {
            // This node still hears the registry: a member that lost it may have been the one at
            // fault. Follow only once this node loses it too (within a failure timeout).
            pendingHost = newHost;
            pendingAddress = address;
            return;
        }
        host = newHost;
        registryAddress = address;
        registry = null;
        if (current != null) {
            current.close();
        }
        followingSince = System.nanoTime();
        follow(newHost, address);
    }

    /** When this node set out to follow the registry where it moved: it tries for a failure timeout. */
    private long followingSince;

    private void follow(int keeper, String address) {
        PoolIdentity asMember = new PoolIdentity(config.pool(), config.name(), config.cluster(), pool.address(),
                config.secret());
        satin.net.RelayRoute route = config.routeTo(members.clusterOf(keeper), address);
        SharedTransport.get().connectAsync(route.dialled(), new PipelineInitializer(asMember, false, config.maxFrame(),
                this, pool.traffic, WanLinks.none(), config.liveness()).toRegistry(address).via(route)).addListener(f -> {
                    if (!f.isSuccess()) {
                        followFailed(keeper, String.valueOf(f.cause()));
                    }
                });
    }

    /**
     * This node could not join the registry where it moved: it could not connect, or the handshake
     * did not finish (the keeper's process died just after it said so, or a deadline ran out under
     * load). It tries again for a failure timeout; then the keeper is taken for lost, and the pool
     * moves the registry again, in order of id. Giving up at the first failure left the node
     * waiting for ever for a registry it never reached.
     */
    private synchronized void followFailed(int keeper, String why) {
        if (host != keeper || registry != null || pool.closing()) {
            return; // it follows another since, or reached this one after all, or the run is over
        }
        long timeout = config.liveness().timeoutNanos();
        if (System.nanoTime() - followingSince < timeout) {
            String address = registryAddress;
            SharedTransport.get().schedule(timeout / 10, () -> followAgain(keeper, address));
            return;
        }
        LOG.log(Level.WARNING, "node {0} could not reach the registry at {1}, moved to member {2}, within {3} ms ({4});"
                + " the pool moves it again", config.name(), registryAddress, keeper,
                TimeUnit.NANOSECONDS.toMillis(timeout), why);
        lostRegistry();
    }

    private synchronized void followAgain(int keeper, String address) {
        if (host == keeper && registry == null && !pool.closing()) {
            follow(keeper, address);
        }
    }

    /** A move announced while this node still heard the registry: followed if it loses it. */
    private int pendingHost = -1;
    private String pendingAddress;

    /** Whether the registry moved to a member since it was last lost. */
    boolean moved() {
        return host >= 0;
    }

    /**
     * The master's main returned and its stop has not come back from a registry yet: it is sent
     * again to the registry this node joins next. A main that returned while the registry moved
     * (the master's process was stopped until a member gave the registry up) found no registry to
     * tell; the moved one never heard the stop and made another member master, which ran main again.
     */
    private volatile boolean stopUnheard;

    /** The master's main returned: tells the registry, which stops every node. */
    void endRun() {
        stopUnheard = true;
        Connection r = registry;
        if (r != null && r.isOpen()) {
            r.send(new Message.Stop());
        } else {
            LOG.log(Level.WARNING, "node {0}''s main returned while the pool''s registry moves: the run stops once it"
                    + " joins the registry again", config.name());
        }
    }

    int membersAtStop() {
        return membersAtStop;
    }

    String lostReason() {
        return lost;
    }

    boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        return stopped.await(timeout, unit);
    }

    List<String> gatherReports(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        stopped.await(timeout, unit);
        return reports.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    /** Says goodbye to the registry; the connection, if open, is returned to be awaited. */
    Connection leave() {
        Connection r = registry;
        if (r != null && r.isOpen()) {
            r.sendAndClose(new Message.Leave());
            return r;
        }
        return null;
    }
}
