package satin.pool;

import io.netty.channel.Channel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import satin.codec.Allowlist;
import satin.codec.HashWork;
import satin.codec.JobCodec;
import satin.lb.BalancerPort;
import satin.lb.LoadBalancer;
import satin.net.Advertised;
import satin.net.Connection;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.Traffic;
import satin.net.Transport;
import satin.registry.Registry;
import satin.runtime.Node;
import satin.shared.Replicas;
import satin.runtime.NodeConfig;
import satin.stats.report.PoolReport;
import satin.stats.PoolStats;
import satin.steal.StealProtocol;

/**
 * A node as a member of a pool, and where the parts of a member meet: its workers ({@link Node}),
 * the membership ({@link Members}, kept by the {@link RegistryClient}), the connections it opens
 * ({@link Links}) and accepts ({@link AcceptedConnections}), the steal protocol between them
 * ({@link StealProtocol}), the port its {@link LoadBalancer} acts through
 * ({@link BalancerAdapter}), what they all do when members come and go
 * ({@link MembershipReactions}) and who keeps the registry when it is lost
 * ({@link RegistryFailover}). Each part reaches the others through it; the public face of a member
 * (joining, the end of the run, leaving) is here.
 */
public final class PoolNode implements AutoCloseable {

    private final PoolConfig config;
    private final Node node;
    /** Announced at join: the pool's members must agree on it. */
    private final String allowed;
    private final LoadBalancer balancer;
    final PoolStats stats = new PoolStats();
    final Traffic traffic = new Traffic();
    private final Channel listening;
    private final String address;
    private final Members members;
    /** This member's replicas of shared objects. */
    private final Replicas replicas;
    private final RegistryClient registry;
    private final Links links;
    private final StealProtocol steals;
    private final BalancerAdapter port;
    private final MembershipReactions membership;
    private final RegistryFailover failover;
    /** Connections other nodes opened to this one. */
    private final AcceptedConnections accepted;
    private volatile boolean closing;
    /** When the registry admitted this node, on its activity trace's time line. */
    private volatile long joinedNanos;

    /** The node came after the master had ended the run: nothing is wrong, there is just nothing left to do. */
    public static final class RunOver extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        RunOver(String message) {
            super(message);
        }
    }

    private PoolNode(PoolConfig config, Node node, LoadBalancer balancer, Allowlist allowlist, Dialer dialer)
            throws InterruptedException {
        this.config = config;
        SharedTransport.primeOnce();
        this.node = node;
        this.members = new Members(config.cluster());
        PoolIdentity identity = new PoolIdentity(config.pool(), config.name(), config.cluster(), "", config.secret());
        if (PipelineInitializer.dialsRegistryOverTls(config.registry())) {
            PipelineInitializer.prepareTls(identity, config.listen());
        }
        this.registry = new RegistryClient(this, config, members);
        this.links = new Links(this, config, identity, members, dialer);
        LinkedPeers peers = new LinkedPeers(this, members, links);
        this.replicas = new Replicas(config.name(), peers);
        JobCodec codec = new JobCodec(allowlist, replicas);
        replicas.use(codec);
        this.allowed = allowlist.agreed();
        this.balancer = balancer;
        this.steals = new StealProtocol(peers, new StealProtocol.Settings(config.name(),
                config.maxFrame(), config.liveness().timeoutNanos()), node, codec, balancer, stats);
        this.accepted = new AcceptedConnections(this, config, members, steals, balancer, stats);
        this.port = new BalancerAdapter(this, config, node, balancer, members, links, steals, stats);
        this.membership = new MembershipReactions(config, identity, members, links, accepted, steals, balancer, stats,
                replicas);
        this.failover = new RegistryFailover(this, config, members, links, registry, allowed);
        Channel bound;
        try {
            bound = SharedTransport.get().listen(config.listen(),
                    new PipelineInitializer(identity, true, config.maxFrame(), accepted, traffic,
                            config.wan(), config.liveness()));
        } catch (RuntimeException e) {
            node.close();
            throw new IllegalStateException("node " + config.name() + " cannot listen at " + config.listen() + ": "
                    + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()), e); // an unknown host has no message
        }
        this.listening = bound;
        this.address = Advertised.at(Transport.addressOf(bound), config.advertise());
        SharedTransport.get().alsoReachableAt(bound, address);
        balancer.attach(port);
    }

    /**
     * Starts a node, joins the pool through the registry and waits until the registry has answered.
     *
     * @throws IllegalStateException if the registry cannot be reached or refuses the node
     */
    public static PoolNode join(PoolConfig config, NodeConfig nodeConfig, LoadBalancer balancer, Allowlist allowlist)
            throws InterruptedException {
        HashWork.checkSetting();
        return join(config, Node.start(nodeConfig.withName(config.name())), balancer, allowlist);
    }

    /**
     * Joins the pool with a node that already runs (and may already compute: the master's main
     * can start before the pool has formed). Closing the pool node closes the node.
     */
    public static PoolNode join(PoolConfig config, Node node, LoadBalancer balancer, Allowlist allowlist)
            throws InterruptedException {
        return join(config, node, balancer, allowlist, Dialer.TRANSPORT);
    }

    /** {@link #join(PoolConfig, Node, LoadBalancer, Allowlist)}, its links to members opened by {@code dialer}. */
    static PoolNode join(PoolConfig config, Node node, LoadBalancer balancer, Allowlist allowlist, Dialer dialer)
            throws InterruptedException {
        HashWork.checkSetting();
        PoolNode p = new PoolNode(config, node, balancer, allowlist, dialer);
        try {
            p.registry.join();
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        p.joinedNanos = p.node.activity().sinceOrigin();
        p.node.setRemote(p.port);
        p.port.startTicking();
        return p;
    }

    /**
     * The transport all nodes of this JVM share. {@code -Dsatin.sameJvmShortcut=false} makes nodes
     * of this JVM talk to each other's TCP addresses over TCP rather than in-VM.
     */
    public static Transport transport() {
        return SharedTransport.get();
    }

    /** Stops the shared transport (when every node and registry of this JVM is closed). */
    public static void closeTransport() {
        SharedTransport.close();
    }

    public Node node() {
        return node;
    }

    public int id() {
        return members.self();
    }

    public boolean isMaster() {
        return members.self() == members.master();
    }

    public String address() {
        return address;
    }

    public PoolStats poolStats() {
        return stats;
    }

    public Traffic traffic() {
        return traffic;
    }

    public String balancerName() {
        return balancer.name();
    }

    /** The balancer's tunables as {@code name=value, ...}. */
    public String balancerSettings() {
        return satin.lb.Balancers.describe(balancer);
    }

    public PoolConfig config() {
        return config;
    }

    /** The members of the pool, this node included, as the registry announced them. */
    public List<Message.Member> members() {
        return members.all();
    }

    /** What this node's statistics report is made of. */
    PoolReport.Source reportSource() {
        return new PoolReport.Source(id(), config.name(), config.cluster(), balancerName(), balancerSettings(),
                node.statistics(), stats, traffic, node.activity(), joinedNanos, port::clusterOf,
                m -> 2 * port.latencyNanos(m), node.workerStates());
    }

    /** When the registry admitted this node, in nanoseconds on its activity trace's time line. */
    public long joinedNanos() {
        return joinedNanos;
    }

    String allowed() {
        return allowed;
    }

    public boolean closing() {
        return closing;
    }

    Links links() {
        return links;
    }

    StealProtocol steals() {
        return steals;
    }

    /** This member's replicas of shared objects: what a test looks into. */
    public Replicas replicas() {
        return replicas;
    }

    /** The members and links as the replicas of shared objects see them. */
    MembershipReactions membership() {
        return membership;
    }

    RegistryFailover failover() {
        return failover;
    }

    /** The port this member's balancer acts through: what a test or benchmark drives to act as the balancer would. */
    public BalancerPort balancerPort() {
        return port;
    }

    /**
     * Tells a connection the cluster of the node at its other end: its traffic counts as local or
     * wide-area, crosses the emulated link, and the failure detector allows for the round trip.
     */
    void classify(Connection c, String peerCluster) {
        c.classify(peerCluster, !peerCluster.equals(config.cluster()), 2 * config.latencyNanosTo(peerCluster));
    }

    /** The registry this node took over, if it did: it must outlive the run's last statistics. */
    public Registry hostedRegistry() {
        return failover.hosted();
    }

    /** The master's stop came: nothing is left to steal. */
    void stopping() {
        closing = true;
    }

    // ------------------------------------------------------------------ the end of the run

    /** The master's main returned: tells the registry, which stops every node. */
    public void endRun() {
        registry.endRun();
    }

    /** How many members there were when the master's stop came: the reports the master waits for. */
    public int membersAtStop() {
        return registry.membersAtStop();
    }

    /** Why the run ended other than by the master's stop (the master died, the registry went), or null. */
    public String lostReason() {
        return registry.lostReason();
    }

    /** Waits until the run is over (stopped by the master, or the registry gone). */
    public boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        return registry.awaitStop(timeout, unit);
    }

    /**
     * On the master, after {@link #endRun()}: the statistics of every member, as JSON, waiting at
     * most {@code timeout} for them to arrive.
     */
    public List<String> gatherReports(long timeout, TimeUnit unit) throws InterruptedException {
        return registry.gatherReports(timeout, unit);
    }

    /**
     * Leaves the pool in the middle of the run: the jobs this node holds for others are abandoned
     * here and run again at their owners (who see the connections close), what it gave away of them
     * is abandoned where it went, and the registry hears a goodbye. Finished jobs have reported
     * already and are not done again.
     */
    public void leave() {
        closing = true;
        steals.abandonAll();
        closeConnections(); // not the workers: one may still compute an abandoned job, and the process ends
    }

    /**
     * Leaves the pool and stops the node. Waits (briefly) until every connection has closed, so
     * that nothing is left for the transport's event loops when they stop.
     */
    @Override
    public void close() {
        closeConnections();
        node.close();
    }

    /** The open links to other members, the ones this node accepted and the ones it made. */
    public List<Connection> memberLinks() {
        List<Connection> all = accepted.connections();
        all.addAll(links.connections());
        return all;
    }

    /** Says goodbye to the registry and closes every connection and the listener, waiting a second at most. */
    private void closeConnections() {
        closing = true;
        port.stopTicking();
        links.stopFormingAgain();
        List<Connection> all = accepted.connections();
        Connection r = registry.leave();
        if (r != null) {
            all.add(r);
        }
        List<Connection> linked = links.connections();
        all.addAll(linked);
        accepted.closeAll();
        linked.forEach(Connection::close);
        listening.close().awaitUninterruptibly(1_000);
        Registry kept = failover.hosted();
        if (kept != null) {
            kept.close();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (Connection c : all) {
            c.awaitClosed(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }
}
