package satin.pool;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import satin.lb.LoadBalancer;
import satin.net.Connection;
import satin.net.Inbox;
import satin.net.Message;
import satin.stats.PoolStats;
import satin.steal.StealProtocol;

/**
 * The connections other nodes opened to this one: their steal requests, pushes, and the results
 * of jobs they took. What they send passes the {@link MemberGate} first, and a message that names
 * its sender must come from that member: only then do the pool or the steal protocol act on it.
 */
final class AcceptedConnections implements Inbox {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final PoolNode pool;
    private final PoolConfig config;
    private final Members members;
    private final StealProtocol steals;
    private final LoadBalancer balancer;
    private final PoolStats stats;
    /** Holds back what other nodes send until the registry has announced them. */
    private final MemberGate gate;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();

    AcceptedConnections(PoolNode pool, PoolConfig config, Members members, StealProtocol steals,
            LoadBalancer balancer, PoolStats stats) {
        this.pool = pool;
        this.config = config;
        this.members = members;
        this.steals = steals;
        this.balancer = balancer;
        this.stats = stats;
        this.gate = new MemberGate(config.name(), members, config.liveness().timeoutNanos(), config.maxFrame(),
                this::fromMember);
    }

    @Override
    public void opened(Connection c) {
        if (members.declaredDead(c.peer().node())) {
            LOG.log(Level.WARNING, "node {0} refuses {1}: it was declared dead in this run", config.name(), c);
            c.close();
            return;
        }
        pool.classify(c, c.peer().cluster());
        connections.add(c);
        gate.opened(c);
    }

    @Override
    public void silent(Connection c, long nanos) {
        pool.membership().detected(c.peer().node(), nanos);
    }

    @Override
    public void received(Connection c, Message m) {
        gate.received(c, m);
    }

    @Override
    public void closed(Connection c) {
        gate.closed(c);
        connections.remove(c);
        steals.acceptedGone(c);
    }

    /** The registry announced members: the connections of those among them wait no longer. */
    void membersChanged() {
        gate.membersChanged();
    }

    /** The member called {@code node} went: what it took runs again here, what it gave is abandoned. */
    void closeFrom(String node) {
        for (Connection c : connections) {
            if (c.peer().node().equals(node)) {
                c.close();
            }
        }
    }

    /** The connections open now. */
    List<Connection> connections() {
        return new ArrayList<>(connections);
    }

    void closeAll() {
        connections.forEach(Connection::close);
    }

    /**
     * A message from a member, past the gate: the registry's moves and the balancers' notes are the
     * pool's, the rest the steal protocol's.
     */
    private void fromMember(Connection c, Message m) {
        if (m instanceof Message.RegistryMoved r) {
            if (speaksForItself(c, r.host(), m, "to member ")) {
                pool.failover().registryMoved(r);
            }
        } else if (m instanceof Message.BalancerNote n) {
            if (speaksForItself(c, n.from(), m, "from member ")) {
                stats.notesReceived.incrementAndGet();
                synchronized (balancer) {
                    balancer.noted(n.from(), n.kind(), n.value());
                }
            }
        } else if (m instanceof Message.SharedWrite || m instanceof Message.SharedState) {
            pool.replicas().received(members.idOf(c.peer().node()), m);
        } else {
            steals.onAccepted(c, m);
        }
    }

    /**
     * Whether a message that names its sender's member id ({@code claimed}) came from that member:
     * a member speaks for itself only, a load report for its own load, a registry move for the
     * registry it keeps. One that names another is dropped and logged; the member is not cut off
     * for it, since what it sent for itself is still heard.
     */
    private boolean speaksForItself(Connection c, int claimed, Message m, String naming) {
        int sender = members.idOf(c.peer().node());
        if (sender == claimed) {
            return true;
        }
        LOG.log(Level.WARNING, "node {0} ignores a {1} {2}{3} from {4}, which is member {5}: a member speaks only for"
                + " itself", config.name(), m.type(), naming, claimed, c, sender);
        return false;
    }
}
