package satin.pool;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import satin.net.Connection;
import satin.net.Inbox;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.steal.Route;

/**
 * The connections this node opens to other members, one per member, made when first needed. A
 * message sent before the connection is admitted waits in its link; a link that cannot connect, is
 * refused or closes gives up what waits for it (the steal protocol runs the jobs again here).
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
     * When each member last could not be reached: a member that died is tried again only after a
     * tenth of the failure timeout, not on every idle moment until the registry says it is gone,
     * and said once in the log.
     */
    private final Map<Integer, Long> unreachable = new ConcurrentHashMap<>();

    Links(PoolNode pool, PoolConfig config, PoolIdentity identity, Members members, Dialer dialer) {
        this.pool = pool;
        this.dialer = dialer;
        this.config = config;
        this.identity = identity;
        this.members = members;
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
        public synchronized void opened(Connection c) {
            if (givenUp) {
                c.close();
                return;
            }
            pool.classify(c, members.clusterOf(member));
            connection = c;
            waiting.forEach(c::send);
            waiting.clear();
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
            LOG.log(Level.WARNING, "node {0}: member {1} did not admit a link: {2}", config.name(), member, reason);
            failed();
        }

        @Override
        public void closed(Connection c) {
            gone = true;
            byMember.remove(member, this);
            pool.steals().linkGone(this, c);
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
        }

        void close() {
            Connection c = connection;
            if (c != null) {
                c.close();
            }
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
        Long failedAt = unreachable.get(member);
        if (failedAt != null && System.nanoTime() - failedAt < config.liveness().timeoutNanos() / 10) {
            return null;
        }
        Link created = new Link(member);
        Link raced = byMember.putIfAbsent(member, created);
        if (raced != null) {
            return raced;
        }
        // Never wait for the connection here: the caller may hold the balancer, which the
        // connection's event loop needs to deliver replies. Messages wait in the link meanwhile.
        dialer.dial(m.address(),
                new PipelineInitializer(identity, false, config.maxFrame(), created, pool.traffic, config.wan(),
                        config.liveness()).toMember(m.cluster(), m.address()))
                .addListener(f -> {
                    if (!f.isSuccess()) {
                        boolean again = unreachable.put(member, System.nanoTime()) != null;
                        Level level = again || pool.closing() || !members.contains(member) ? Level.DEBUG : Level.WARNING;
                        LOG.log(level, "node {0} cannot reach member {1} at {2}: {3}", config.name(), member,
                                m.address(), f.cause() == null ? "?" : f.cause().getMessage());
                        created.failed();
                    }
                });
        return created;
    }

    /** Closes the link to a member that left the pool; what waits in a link not yet connected is given up now. */
    void drop(int member) {
        unreachable.remove(member);
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
