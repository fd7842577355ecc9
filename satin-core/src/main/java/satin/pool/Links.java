package satin.pool;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import satin.net.Connection;
import satin.net.Inbox;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.steal.Route;

/**
 * The connections this node opens to other members, one per member, made when first needed. A
 * message sent before the connection is admitted waits in its link; a link that cannot connect, is
 * refused or closes gives up what waits for it (the steal protocol runs the jobs again here). A link
 * that failed to form is dialled again by itself, after a {@link LinkBackoff}, for as long as its
 * member is in the pool and this node is not closing: no member is left without a link to another
 * because nothing happened to ask for it again (docs/decisions/0037-links-form-again.md). Until
 * then the member has no link, and what would go into one is settled at once (a steal request is
 * answered "no job", so the balancer asks elsewhere).
 */
final class Links {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final PoolNode pool;
    private final PoolConfig config;
    private final PoolIdentity identity;
    private final Members members;
    /** How a link's connection is opened. */
    private final Dialer dialer;
    private final Map<Integer, Link> byMember = new ConcurrentHashMap<>();
    /**
     * How long after a failure a member's link is dialled again: a member that died is tried a few
     * times until the registry says it is gone, not on every idle moment, and said once in the log.
     */
    private final LinkBackoff backoff;
    /** The dial again of each member whose link failed to form, until its back-off ends (cancelled if it goes). */
    private final Map<Integer, ScheduledFuture<?>> formingAgain = new ConcurrentHashMap<>();

    Links(PoolNode pool, PoolConfig config, PoolIdentity identity, Members members, Dialer dialer) {
        this.pool = pool;
        this.dialer = dialer;
        this.config = config;
        this.identity = identity;
        this.members = members;
        this.backoff = new LinkBackoff(config.liveness().timeoutNanos());
    }

    /** The connection this node opened to a member, for its steal requests, pushes and their results. */
    final class Link implements Inbox, Route {
        final int member;
        private volatile Connection connection;
        private final List<Message> waiting = new ArrayList<>();
        /** Given up before it connected: a connection that comes after all is closed at once. */
        private volatile boolean givenUp;
        /** Closed or given up: set before the steal protocol is told, so that a late sender can tell ({@link #gone()}). */
        private volatile boolean gone;

        Link(int member) {
            this.member = member;
        }

        @Override
        public int member() {
            return member;
        }

        @Override
        public synchronized void send(Message m) {
            if (connection != null) {
                connection.send(m);
            } else {
                waiting.add(m);
            }
        }

        @Override
        public boolean carries(Connection c) {
            return connection == c;
        }

        @Override
        public void opened(Connection c) {
            synchronized (this) {
                if (givenUp || pool.closing()) { // closing took its snapshot of the links before this one connected
                    c.close();
                    return;
                }
                pool.classify(c, members.clusterOf(member));
                backoff.reset(member);
                Message.Member m = members.get(member);
                if (m != null) {
                    pool.membership().heard(m.name());
                }
                connection = c;
                waiting.forEach(c::send);
                waiting.clear();
            }
            tellReplicas(r -> r.linkOpened(member));
        }

        @Override
        public void received(Connection c, Message m) {
            pool.steals().onLink(c, m);
        }

        @Override
        public void silent(Connection c, long nanos) {
            Message.Member m = members.get(member);
            pool.membership().detected(m == null ? "member " + member : m.name(), nanos);
        }

        @Override
        public void refused(String reason) {
            LOG.log(levelOfFailure(member), "node {0}: member {1} did not admit a link: {2}", config.name(), member,
                    reason);
            notFormed(this);
        }

        @Override
        public void closed(Connection c) {
            gone = true;
            byMember.remove(member, this);
            pool.steals().linkGone(this, c);
            tellReplicas(r -> r.linkLost(member));
        }

        /**
         * Set before the steal protocol is told of its end: a thread that sent into it and then
         * finds it gone cannot know whether the protocol saw what it sent, and hands that over
         * again itself (each job and request is settled once).
         */
        @Override
        public boolean gone() {
            return gone;
        }

        /** The link never connected: what was sent into it never left. */
        void failed() {
            givenUp = true;
            gone = true;
            byMember.remove(member, this);
            pool.steals().linkGone(this, null);
            tellReplicas(r -> r.linkLost(member));
        }

        void close() {
            Connection c = connection;
            if (c != null) {
                c.close();
            }
        }
    }

    /**
     * Tells the shared objects' replicas of a link that opened or closed, off this thread: the master
     * then sends states, which takes the objects' locks, and a worker holding one may be waiting
     * for this link's.
     */
    private void tellReplicas(java.util.function.Consumer<satin.shared.Replicas> what) {
        if (!pool.closing()) {
            CompletableFuture.runAsync(() -> what.accept(pool.replicas()));
        }
    }

    /** The link to a member, connecting it if there is none; null if the member is not in the pool. */
    Link to(int member) {
        Message.Member m = members.get(member);
        if (m == null || pool.closing()) {
            return null;
        }
        Link existing = byMember.get(member);
        if (existing != null) {
            return existing;
        }
        if (formingAgain.containsKey(member)) {
            return null; // it is dialled again when its back-off ends
        }
        Link created = new Link(member);
        Link raced = byMember.putIfAbsent(member, created);
        if (raced != null) {
            return raced;
        }
        // Never wait for the connection here: the caller may hold the balancer, which the
        // connection's event loop needs to deliver replies. Messages wait in the link meanwhile.
        satin.net.RelayRoute route = config.routeTo(m.cluster(), m.address());
        dialer.dial(route.dialled(),
                new PipelineInitializer(identity, false, config.maxFrame(), created, pool.traffic, config.wan(),
                        config.liveness()).toMember(m.cluster(), m.address()).via(route))
                .addListener(f -> {
                    if (!f.isSuccess()) {
                        LOG.log(levelOfFailure(member), "node {0} cannot reach member {1} at {2}: {3}", config.name(),
                                member, route, f.cause() == null ? "?" : f.cause().getMessage());
                        notFormed(created);
                    }
                });
        return created;
    }

    /**
     * A link did not form (it could not connect, or was not admitted): what waits in it is given up,
     * and the link is dialled again after its back-off if its member is still in the pool. The
     * member is marked first, so that a balancer told "no job" and asking again at once finds no
     * link rather than dialling past the back-off.
     */
    private void notFormed(Link l) {
        formAgainLater(l.member);
        l.failed();
    }

    private void formAgainLater(int member) {
        if (pool.closing() || !members.contains(member) || formingAgain.containsKey(member)) {
            return;
        }
        long wait = backoff.failed(member);
        // the timer is an event loop's, and a dial may look a host name up: it dials off the loop
        formingAgain.computeIfAbsent(member, m -> SharedTransport.get().schedule(wait,
                () -> CompletableFuture.runAsync(() -> {
                    formingAgain.remove(m);
                    if (!pool.closing() && members.contains(m)) {
                        to(m);
                    }
                })));
    }

    /** Cancels every dial waiting for its back-off: this node is closing. */
    void stopFormingAgain() {
        formingAgain.values().forEach(f -> f.cancel(false));
        formingAgain.clear();
    }

    /** A failure is worth a warning the first time in a row only, and not once the member or this node goes. */
    private Level levelOfFailure(int member) {
        return backoff.failing(member) || pool.closing() || !members.contains(member) ? Level.DEBUG : Level.WARNING;
    }

    /** Whether a link to {@code member} failed to form and waits for its back-off to be dialled again. */
    boolean formingAgain(int member) {
        return formingAgain.containsKey(member);
    }

    /** Closes the link to a member that left the pool; what waits in a link not yet connected is given up now. */
    void drop(int member) {
        backoff.reset(member);
        ScheduledFuture<?> again = formingAgain.remove(member);
        if (again != null) {
            again.cancel(false);
        }
        Link l = byMember.get(member);
        if (l != null) {
            if (l.connection != null) {
                l.close();
            } else {
                l.failed();
            }
        }
    }

    /** The name of the member a link's connection goes to (a link's peer does not say it), or null. */
    String memberOn(Connection c) {
        for (Link l : byMember.values()) {
            if (l.carries(c)) {
                Message.Member m = members.get(l.member);
                return m == null ? null : m.name();
            }
        }
        return null;
    }

    /** The open connections of every link, for closing. */
    List<Connection> connections() {
        List<Connection> all = new ArrayList<>();
        for (Link l : byMember.values()) {
            if (l.connection != null) {
                all.add(l.connection);
            }
        }
        return all;
    }
}
