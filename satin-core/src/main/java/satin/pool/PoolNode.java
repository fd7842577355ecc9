package satin.pool;

import io.netty.channel.Channel;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import satin.lb.BalancerPort;
import satin.lb.LoadBalancer;
import satin.net.Connection;
import satin.net.Inbox;
import satin.net.Message;
import satin.net.PipelineInitializer;
import satin.net.PoolIdentity;
import satin.net.Traffic;
import satin.net.Transport;
import satin.net.WanLinks;
import satin.registry.Registry;
import satin.runtime.InvocationRecord;
import satin.runtime.Node;
import satin.runtime.NodeConfig;
import satin.stats.PoolStats;

/**
 * A node as a member of a pool: its workers ({@link Node}), and everything it says to the registry
 * and to other nodes.
 *
 * <p>Stealing across nodes: when a worker has nothing to do, the node's {@link LoadBalancer} may
 * send a steal request to another node. That node takes the oldest job one of its workers offers
 * (as a local thief would), remembers it under a job number, and sends it; the thief runs a copy
 * (call by value) and sends back the result or the failure, which the owner stores into the
 * original record before it tells the waiting sync. A result is applied once: the job number is
 * forgotten when it is, and a result for an unknown number, or from a connection that was not given
 * the job, is ignored and logged. If a thief's connection closes before its result came, the job
 * runs again here. A job the thief cannot read (or whose result it cannot write) it declines, and a
 * result this node cannot read is dropped: either way the job runs again here, kept here from then
 * on, with one logged line saying why. Nothing is lost.
 */
public final class PoolNode implements Node.Remote, BalancerPort, AutoCloseable {

    /** Room in a frame for what a job message carries besides the job (type, ids, lengths). */
    static final int FRAME_MARGIN = 64;


    private static final System.Logger LOG = System.getLogger("satin.pool");
    private static final long JOIN_TIMEOUT_SECONDS = 30;
    private static Transport transport;
    private static final java.util.concurrent.atomic.AtomicBoolean PRIMED = new java.util.concurrent.atomic.AtomicBoolean();

    private final PoolConfig config;
    private final Node node;
    private final JobCodec codec;
    /** Announced at join: the pool's members must agree on it. */
    private final String allowed;
    private final LoadBalancer balancer;
    private final PoolIdentity identity;
    final PoolStats stats = new PoolStats();
    final Traffic traffic = new Traffic();
    private final Channel listening;
    private final String address;

    private volatile Connection registry;
    private volatile int self = -1;
    private volatile int master = -1;
    private final Map<Integer, Message.Member> members = new ConcurrentHashMap<>();
    private volatile List<Integer> others = List.of();
    private final Map<Integer, Link> links = new ConcurrentHashMap<>();
    /** Connections other nodes opened to this one. */
    private final java.util.Set<Connection> accepted = ConcurrentHashMap.newKeySet();
    private final Map<Long, Away> away = new ConcurrentHashMap<>();
    /** Jobs pushed and not yet received, with their targets: what RP counts as in transit. */
    private final Map<Long, Integer> inTransit = new ConcurrentHashMap<>();
    private final Map<Long, Asked> asked = new ConcurrentHashMap<>();
    private final AtomicLong nextJob = new AtomicLong();
    private final AtomicLong nextRequest = new AtomicLong();
    private final CountDownLatch joined = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final ConcurrentLinkedQueue<Message.Statistics> reports = new ConcurrentLinkedQueue<>();
    private volatile int membersAtStop;
    /** Why the registry did not admit this node, or null. */
    private volatile String refusal;
    /** Why the run ended without the master's stop, or null. */
    private volatile String lost;
    private volatile boolean closing;
    /** The balancer's periodic work, if it has any. */
    private volatile java.util.concurrent.ScheduledFuture<?> ticks;

    /** The node came after the master had ended the run: nothing is wrong, there is just nothing left to do. */
    public static final class RunOver extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        RunOver(String message) {
            super(message);
        }
    }

    /**
     * A job given away: the original record, the connection its result must come on, and whether
     * it was pushed (rather than stolen).
     */
    private record Away(InvocationRecord record, Connection thief, Link link, boolean pushed) {
        /** Whether a result on this connection may be this job's: it must come back the way the job went. */
        boolean cameBackOn(Connection c) {
            return thief == c || (link != null && link.connection == c);
        }
    }

    /** A steal request of ours, waiting for its reply; a prefetch asks ahead of need. */
    private record Asked(int victim, long sentNanos, boolean prefetch) {
    }

    private PoolNode(PoolConfig config, Node node, LoadBalancer balancer, Allowlist allowlist)
            throws InterruptedException {
        this.config = config;
        if (PRIMED.compareAndSet(false, true)) {
            Thread primer = new Thread(() -> {
                PoolIdentity.nonce(); // seeds the secure random generator the handshakes need
                JobCodec.prime();
            }, "satin-primer");
            primer.setDaemon(true);
            primer.start();
        }
        this.node = node;
        this.codec = new JobCodec(allowlist);
        this.allowed = allowlist.agreed();
        this.balancer = balancer;
        this.identity = new PoolIdentity(config.pool(), config.name(), config.cluster(), "", config.secret());
        Channel bound;
        try {
            bound = transport().listen(config.listen(),
                    new PipelineInitializer(identity, true, config.maxFrame(), new Accepted(), traffic,
                            config.wan()));
        } catch (RuntimeException e) {
            node.close();
            throw new IllegalStateException("node " + config.name() + " cannot listen at " + config.listen() + ": "
                    + e.getMessage(), e);
        }
        this.listening = bound;
        this.address = Transport.addressOf(bound);
        balancer.attach(this);
    }

    /**
     * Starts a node, joins the pool through the registry and waits until the registry has answered.
     *
     * @throws IllegalStateException if the registry cannot be reached or refuses the node
     */
    public static PoolNode join(PoolConfig config, NodeConfig nodeConfig, LoadBalancer balancer, Allowlist allowlist)
            throws InterruptedException {
        return join(config, Node.start(nodeConfig.withName(config.name())), balancer, allowlist);
    }

    /**
     * Joins the pool with a node that already runs (and may already compute: the master's main
     * can start before the pool has formed). Closing the pool node closes the node.
     */
    public static PoolNode join(PoolConfig config, Node node, LoadBalancer balancer, Allowlist allowlist)
            throws InterruptedException {
        PoolNode p = new PoolNode(config, node, balancer, allowlist);
        try {
            p.connectToRegistry();
        } catch (RuntimeException | InterruptedException e) {
            p.close();
            throw e;
        }
        p.node.setRemote(p);
        p.startTicking();
        return p;
    }

    private void startTicking() {
        long period = balancer.tickNanos();
        if (period > 0) {
            ticks = transport().every(period, () -> {
                if (!closing) {
                    synchronized (balancer) {
                        balancer.tick();
                    }
                }
            });
        }
    }

    /**
     * The transport all nodes of this JVM share. {@code -Dsatin.sameJvmShortcut=false} makes nodes
     * of this JVM talk to each other's TCP addresses over TCP rather than in-VM.
     */
    public static synchronized Transport transport() {
        if (transport == null) {
            transport = new Transport(Math.max(2, Runtime.getRuntime().availableProcessors()),
                    !"false".equals(System.getProperty("satin.sameJvmShortcut")));
        }
        return transport;
    }

    /** Stops the shared transport (when every node and registry of this JVM is closed). */
    public static synchronized void closeTransport() {
        if (transport != null) {
            transport.close();
            transport = null;
        }
    }

    /**
     * Joins through the registry, trying again while it does not accept connections yet, so that
     * the processes of a run may start in any order.
     */
    private void connectToRegistry() throws InterruptedException {
        PoolIdentity asJoiner = new PoolIdentity(config.pool(), config.name(), config.cluster(), address, config.secret());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JOIN_TIMEOUT_SECONDS);
        // every 10 ms while processes start together, then less often
        for (int attempt = 0; ; attempt++) {
            long pause = attempt < 100 ? 10 : 250;
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                transport().connect(config.registry(), new PipelineInitializer(asJoiner, false, config.maxFrame(),
                        new FromRegistry(), traffic, WanLinks.none()), Math.max(1, left));
                break;
            } catch (IllegalStateException e) {
                if (left <= pause) {
                    throw new IllegalStateException("node " + config.name() + " cannot reach the registry at "
                            + config.registry() + " within " + JOIN_TIMEOUT_SECONDS + " s: " + e.getMessage(), e);
                }
                Thread.sleep(pause);
            }
        }
        if (!joined.await(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw new IllegalStateException("node " + config.name() + " got no answer from the registry at "
                    + config.registry() + " within " + JOIN_TIMEOUT_SECONDS + " s");
        }
        if (self < 0 && Registry.RUN_OVER.equals(refusal)) {
            throw new RunOver("the run of pool " + config.pool() + " ended before node " + config.name() + " joined");
        }
        if (self < 0) {
            throw new IllegalStateException("node " + config.name() + " was not admitted to pool " + config.pool()
                    + " by the registry at " + config.registry() + ": "
                    + (refusal != null ? refusal : "it closed the connection"));
        }
    }

    public Node node() {
        return node;
    }

    public int id() {
        return self;
    }

    public boolean isMaster() {
        return self == master;
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
        StringBuilder b = new StringBuilder();
        balancer.settings().forEach((k, v) -> b.append(b.length() > 0 ? ", " : "").append(k).append('=').append(v));
        return b.toString();
    }

    public PoolConfig config() {
        return config;
    }

    /** The members of the pool, this node included, as the registry announced them. */
    public List<Message.Member> members() {
        return List.copyOf(members.values());
    }

    // ------------------------------------------------------------------ Node.Remote and BalancerPort

    @Override
    public void idle() {
        if (closing || self < 0) {
            return;
        }
        expireRequests();
        synchronized (balancer) {
            balancer.idle();
        }
    }

    /** A steal request unanswered for this long (its link broke as it was sent) is given up. */
    private static final long REQUEST_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private void expireRequests() {
        if (asked.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        for (Map.Entry<Long, Asked> e : asked.entrySet()) {
            if (now - e.getValue().sentNanos() > REQUEST_TIMEOUT_NANOS) {
                LOG.log(Level.WARNING, "node {0}: no reply from member {1} in 5 s; asking elsewhere", config.name(),
                        e.getValue().victim());
                replied(e.getKey(), false);
            }
        }
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public List<Integer> others() {
        return others;
    }

    @Override
    public String clusterOf(int member) {
        Message.Member m = members.get(member);
        return m == null ? "" : m.cluster();
    }

    @Override
    public void requestSteal(int victim) {
        ask(victim, false);
    }

    @Override
    public void prefetch(int victim) {
        ask(victim, true);
    }

    private void ask(int victim, boolean prefetch) {
        long request = nextRequest.incrementAndGet();
        asked.put(request, new Asked(victim, System.nanoTime(), prefetch));
        stats.stealRequestsSent.incrementAndGet();
        (prefetch ? stats.prefetchRequests : wideArea(victim) ? stats.wanStealRequests : stats.lanStealRequests)
                .incrementAndGet();
        Link link = link(victim);
        if (link == null) {
            // Not from here: the caller holds the balancer, and a balancer that asks again on every
            // reply would ask forever without letting go of it (CLS's prefetch loop did).
            java.util.concurrent.CompletableFuture.runAsync(() -> replied(request, false));
        } else {
            link.send(new Message.StealRequest(request));
        }
    }

    private boolean wideArea(int member) {
        return !clusterOf(member).equals(config.cluster());
    }

    @Override
    public long latencyNanos(int member) {
        WanLinks.Spec spec = config.wan().spec(config.cluster(), clusterOf(member));
        return spec == null ? 0 : spec.latencyNanos();
    }

    @Override
    public int queueLength() {
        return node.queuedJobs();
    }

    @Override
    public boolean pushJob(int target) {
        Link link = link(target);
        if (link == null || closing) {
            return false;
        }
        InvocationRecord job = node.stealForRemote();
        if (job == null) {
            return false;
        }
        byte[] payload = encode(job, "push a job to member " + target);
        if (payload == null) {
            return false;
        }
        long id = nextJob.incrementAndGet();
        link.awaitingResult(id, job);
        inTransit.put(id, target);
        stats.jobsPushed.incrementAndGet();
        link.send(new Message.Push(id, payload));
        return true;
    }

    @Override
    public void note(int member, int kind, long value) {
        Link link = link(member);
        if (link != null) {
            stats.notesSent.incrementAndGet();
            link.send(new Message.BalancerNote(self, kind, value));
        }
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public int random(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }

    /** A reply (or its impossibility) for one of our steal requests: tell the balancer. */
    private void replied(long request, boolean gotJob) {
        Asked a = asked.remove(request);
        if (a == null) {
            return;
        }
        stats.stealWaitNanos.addAndGet(System.nanoTime() - a.sentNanos());
        (gotJob ? stats.stealRepliesWithJob : stats.stealRepliesEmpty).incrementAndGet();
        if (gotJob) {
            (a.prefetch() ? stats.prefetched : wideArea(a.victim()) ? stats.wanSteals : stats.lanSteals).incrementAndGet();
        }
        synchronized (balancer) {
            balancer.stealReplied(a.victim(), gotJob);
        }
    }

    // ------------------------------------------------------------------ links to other nodes

    /** The connection this node opened to a member, for its steal requests and its results. */
    private final class Link implements Inbox {
        final int member;
        private volatile Connection connection;
        private final List<Message> waiting = new ArrayList<>();

        Link(int member) {
            this.member = member;
        }

        /** A job pushed over this link, whose result will come back on it. */
        void awaitingResult(long id, InvocationRecord job) {
            away.put(id, new Away(job, null, this, true));
        }

        synchronized void send(Message m) {
            if (connection != null) {
                connection.send(m);
            } else {
                waiting.add(m);
            }
        }

        @Override
        public synchronized void opened(Connection c) {
            c.classify(clusterOf(member), !clusterOf(member).equals(config.cluster()));
            connection = c;
            waiting.forEach(c::send);
            waiting.clear();
        }

        @Override
        public void received(Connection c, Message m) {
            if (m instanceof Message.StealReply r) {
                stealReply(c, r, member);
            } else if (m instanceof Message.Result r) {
                result(c, r); // of a job this node pushed over the link
            } else if (m instanceof Message.PushReceived r) {
                delivered(r.job());
            } else if (m instanceof Message.Declined d) {
                declined(c, d); // a job this node pushed over the link, or a stolen one it could not read
            } else {
                protocolError(c, "a " + m.type() + " message on a link to a victim");
            }
        }

        @Override
        public void refused(String reason) {
            LOG.log(Level.WARNING, "node {0}: member {1} did not admit a link: {2}", config.name(), member, reason);
            links.remove(member, this);
            giveUpRequestsTo(member);
        }

        @Override
        public void closed(Connection c) {
            links.remove(member, this);
            giveUpRequestsTo(member);
            thiefGone(c);
        }
    }

    private Link link(int member) {
        Message.Member m = members.get(member);
        if (m == null || closing) {
            return null;
        }
        Link existing = links.get(member);
        if (existing != null) {
            return existing;
        }
        Link created = new Link(member);
        Link raced = links.putIfAbsent(member, created);
        if (raced != null) {
            return raced;
        }
        // Never wait for the connection here: the caller may hold the balancer, which the
        // connection's event loop needs to deliver replies. Messages wait in the link meanwhile.
        transport().connectAsync(m.address(),
                new PipelineInitializer(identity, false, config.maxFrame(), created, traffic, config.wan()))
                .addListener(f -> {
                    if (!f.isSuccess()) {
                        links.remove(member, created);
                        Level level = closing || !members.containsKey(member) ? Level.DEBUG : Level.WARNING;
                        LOG.log(level, "node {0} cannot reach member {1} at {2}: {3}", config.name(), member,
                                m.address(), f.cause() == null ? "?" : f.cause().getMessage());
                        giveUpRequestsTo(member);
                        linkFailed(created);
                    }
                });
        return created;
    }

    private void giveUpRequestsTo(int member) {
        for (Map.Entry<Long, Asked> e : asked.entrySet()) {
            if (e.getValue().victim() == member) {
                replied(e.getKey(), false);
            }
        }
    }

    // ------------------------------------------------------------------ the steal protocol

    /** On the victim: a thief asks for work. */
    private void stealRequest(Connection thief, Message.StealRequest r) {
        stats.stealRequestsReceived.incrementAndGet();
        InvocationRecord job = closing ? null : node.stealForRemote();
        byte[] payload = job == null ? null : encode(job, "give a job to " + thief);
        if (payload == null) {
            thief.send(new Message.StealReply(r.request(), 0, null));
            return;
        }
        long id = nextJob.incrementAndGet();
        away.put(id, new Away(job, thief, null, false));
        stats.jobsGiven.incrementAndGet();
        thief.send(new Message.StealReply(r.request(), id, payload));
    }

    /**
     * The bytes of a job that leaves this node; a job that came from elsewhere travels on as its
     * call, and its result will be passed back. Null if a class in it may not travel: then it runs
     * here.
     */
    private byte[] encode(InvocationRecord job, String what) {
        String refusal;
        try {
            byte[] bytes = codec.writeJob(job instanceof RemoteJob passing ? passing.call() : job);
            if (bytes.length <= config.maxFrame() - FRAME_MARGIN) {
                return bytes;
            }
            refusal = "the job is " + bytes.length + " bytes, and frames are limited to " + config.maxFrame()
                    + " (--max-frame)";
        } catch (RuntimeException e) {
            refusal = e.getMessage();
        }
        LOG.log(Level.ERROR, "node {0} cannot {1}, running it here: {2}", config.name(), what, refusal);
        stats.jobsRefused.incrementAndGet();
        job.keepHere();
        node.submit(job);
        return null;
    }

    /** On the thief: the reply to a steal request. */
    private void stealReply(Connection victim, Message.StealReply r, int member) {
        if (r.payload() == null) {
            replied(r.request(), false);
            return;
        }
        InvocationRecord call;
        try {
            call = codec.readJob(r.payload());
        } catch (RuntimeException e) {
            decline(victim, r.job(), e);
            replied(r.request(), false);
            return;
        }
        node.submit(new RemoteJob(call, r.job(), victim, codec, this));
        replied(r.request(), true);
    }

    /**
     * On a thief: a job (or its result) this node cannot read or write, named in {@code why}, goes
     * back to its owner as not taken; the owner logs it and runs the job itself.
     */
    void decline(Connection owner, long job, RuntimeException why) {
        LOG.log(Level.DEBUG, "node {0} declines job {1} of {2}: {3}", config.name(), job, owner, why.getMessage());
        String reason = String.valueOf(why.getMessage());
        owner.send(new Message.Declined(job, reason.length() > 4096 ? reason.substring(0, 4096) + "..." : reason));
    }

    /** The job given away under this number, if it came back the way it went; forgotten from now on. */
    private Away takeBack(Connection from, long job, String what) {
        Away a = away.get(job);
        if (a == null || !a.cameBackOn(from)) {
            LOG.log(Level.WARNING, "node {0} ignores {1} for job {2} from {3}: {4}", config.name(), what, job, from,
                    a == null ? "no such job is away (already done?)" : "the job was given to another node");
            return null;
        }
        if (!away.remove(job, a)) {
            return null;
        }
        delivered(job); // a refused push is answered at once
        return a;
    }

    /** On the owner: the node a job went to did not take it (or could not send its result). */
    private void declined(Connection from, Message.Declined d) {
        Away a = takeBack(from, d.job(), "a refusal");
        if (a != null) {
            runHere(a, from.peer().node() + " did not take it: " + d.reason());
        }
    }

    /** A job that could not run elsewhere, or whose result could not come back: it runs here, and stays. */
    private void runHere(Away a, String why) {
        LOG.log(Level.WARNING, "node {0} runs a job here that could not run elsewhere: {1}", config.name(), why);
        stats.jobsRefused.incrementAndGet();
        a.record().keepHere();
        if (!closing) {
            node.submit(a.record());
        }
        synchronized (balancer) {
            balancer.jobCameBack(a.pushed());
        }
    }

    /** On the owner: what a stolen job came to. */
    private void result(Connection from, Message.Result r) {
        Away a = takeBack(from, r.job(), "a result");
        if (a == null) {
            return;
        }
        stats.resultsReceived.incrementAndGet();
        RemoteJob passedOn = a.record() instanceof RemoteJob p ? p : null;
        Throwable failure = null;
        try {
            if (r.failed()) {
                failure = codec.readFailure(r.payload());
            } else {
                codec.readResult(r.payload(), passedOn != null ? passedOn.call() : a.record());
            }
        } catch (Allowlist.NotAllowedException e) {
            runHere(a, "its result from " + from.peer().node() + " may not travel here: " + e.getMessage());
            return;
        } catch (RuntimeException e) {
            failure = e;
        }
        if (passedOn != null) {
            passedOn.reportBack(failure); // a job this node had itself from elsewhere: its owner learns
        } else {
            a.record().finishElsewhere(failure);
        }
        synchronized (balancer) {
            balancer.jobCameBack(a.pushed());
        }
    }

    /** A pushed job is no longer in transit: its target has it, or it never will. */
    private void delivered(long job) {
        Integer target = inTransit.remove(job);
        if (target != null) {
            synchronized (balancer) {
                balancer.pushDelivered(target);
            }
        }
    }

    /** A connection a job went away on closed: its jobs run here again, and their results, if they come, are ignored. */
    private void thiefGone(Connection thief) {
        runAgain(a -> a.cameBackOn(thief));
    }

    /** A link that never connected: what was pushed into it never left, and runs here again. */
    private void linkFailed(Link link) {
        runAgain(a -> a.link() == link);
    }

    private void runAgain(java.util.function.Predicate<Away> lost) {
        for (Map.Entry<Long, Away> e : away.entrySet()) {
            Away a = e.getValue();
            if (lost.test(a) && away.remove(e.getKey(), a)) {
                delivered(e.getKey());
                stats.jobsRerun.incrementAndGet();
                if (!closing) {
                    node.submit(a.record());
                }
                synchronized (balancer) {
                    balancer.jobCameBack(a.pushed());
                }
            }
        }
    }

    /** On the receiver of a pushed job: it runs here like a stolen one, and its result goes back. */
    private void pushed(Connection from, Message.Push p) {
        InvocationRecord call;
        try {
            call = codec.readJob(p.payload());
        } catch (RuntimeException e) {
            decline(from, p.job(), e);
            return;
        }
        stats.pushesReceived.incrementAndGet();
        from.send(new Message.PushReceived(p.job()));
        node.submit(new RemoteJob(call, p.job(), from, codec, this));
    }

    /** Connections other nodes opened to this one: their steal requests, and results of jobs they took. */
    private final class Accepted implements Inbox {
        @Override
        public void opened(Connection c) {
            c.classify(c.peer().cluster(), !c.peer().cluster().equals(config.cluster()));
            accepted.add(c);
        }

        @Override
        public void received(Connection c, Message m) {
            if (m instanceof Message.StealRequest r) {
                stealRequest(c, r);
            } else if (m instanceof Message.Result r) {
                result(c, r);
            } else if (m instanceof Message.Push p) {
                pushed(c, p);
            } else if (m instanceof Message.Declined d) {
                declined(c, d); // a result this node's thief could not send
            } else if (m instanceof Message.BalancerNote n) {
                stats.notesReceived.incrementAndGet();
                synchronized (balancer) {
                    balancer.noted(n.from(), n.kind(), n.value());
                }
            } else {
                protocolError(c, "a " + m.type() + " message from another node");
            }
        }

        @Override
        public void closed(Connection c) {
            accepted.remove(c);
            thiefGone(c);
        }
    }

    // ------------------------------------------------------------------ the registry

    private final class FromRegistry implements Inbox {
        @Override
        public void opened(Connection c) {
            registry = c;
            c.send(new Message.Join(config.name(), config.cluster(), address, config.wantsMaster(), allowed));
        }

        @Override
        public void received(Connection c, Message m) {
            if (m instanceof Message.Members ms) {
                for (Message.Member member : ms.members()) {
                    members.put(member.id(), member);
                }
                master = ms.master();
                self = ms.you();
                membersChanged();
                joined.countDown();
            } else if (m instanceof Message.MemberJoined j) {
                members.put(j.member().id(), j.member());
                membersChanged();
            } else if (m instanceof Message.MemberGone g) {
                members.remove(g.id());
                Link l = links.remove(g.id());
                if (l != null && l.connection != null) {
                    l.connection.close();
                }
                giveUpRequestsTo(g.id());
                membersChanged();
                if (g.died() && g.id() == master) {
                    LOG.log(Level.ERROR, "node {0}: the master died; the run is lost", config.name());
                    lost = "the master died";
                    stopped.countDown();
                }
            } else if (m instanceof Message.Stop) {
                closing = true; // main has returned: nothing is left to steal
                membersAtStop = members.size();
                Message.Statistics mine = new Message.Statistics(self, PoolReport.json(PoolNode.this));
                if (isMaster()) {
                    c.send(mine); // the others' statistics still come to the master over this connection
                    stopped.countDown();
                } else {
                    c.sendLast(mine, 5_000, stopped::countDown); // the process may end once stopped
                }
            } else if (m instanceof Message.Statistics s) {
                reports.add(s);
            } else if (m instanceof Message.Refused r) {
                refusal = r.reason();
                if (!Registry.RUN_OVER.equals(r.reason())) {
                    LOG.log(Level.ERROR, "node {0} was refused by the registry: {1}", config.name(), r.reason());
                }
            } else {
                protocolError(c, "a " + m.type() + " message from the registry");
            }
        }

        @Override
        public void refused(String reason) {
            refusal = reason;
            joined.countDown();
        }

        @Override
        public void closed(Connection c) {
            if (!closing && stopped.getCount() > 0 && refusal == null) {
                LOG.log(Level.ERROR, "node {0} lost the registry at {1}; leaving the pool", config.name(),
                        config.registry());
                lost = "the registry at " + config.registry() + " went away";
            }
            stopped.countDown();
            joined.countDown();
        }
    }

    private void membersChanged() {
        List<Integer> now = new ArrayList<>(members.keySet());
        now.remove(Integer.valueOf(self));
        now.sort(null);
        others = List.copyOf(now);
        synchronized (balancer) {
            balancer.membersChanged();
        }
    }

    private static void protocolError(Connection c, String what) {
        LOG.log(Level.WARNING, "closing {0}: {1}", c, what);
        c.close();
    }

    // ------------------------------------------------------------------ the end of the run

    /** The master's main returned: tells the registry, which stops every node. */
    public void endRun() {
        Connection r = registry;
        if (r != null) {
            r.send(new Message.Stop());
        }
    }

    /** How many members there were when the master's stop came: the reports the master waits for. */
    int membersAtStop() {
        return membersAtStop;
    }

    /** Why the run ended other than by the master's stop (the master died, the registry went), or null. */
    public String lostReason() {
        return lost;
    }

    /** Waits until the run is over (stopped by the master, or the registry gone). */
    public boolean awaitStop(long timeout, TimeUnit unit) throws InterruptedException {
        return stopped.await(timeout, unit);
    }

    /**
     * On the master, after {@link #endRun()}: the statistics of every member, as JSON, waiting at
     * most {@code timeout} for them to arrive.
     */
    public List<String> gatherReports(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        stopped.await(timeout, unit);
        while (reports.size() < membersAtStop && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        List<String> out = new ArrayList<>();
        reports.stream().sorted((a, b) -> Integer.compare(a.node(), b.node())).forEach(s -> out.add(s.json()));
        return out;
    }

    @Override
    /**
     * Leaves the pool and stops the node. Waits (briefly) until every connection has closed, so
     * that nothing is left for the transport's event loops when they stop.
     */
    public void close() {
        closing = true;
        if (ticks != null) {
            ticks.cancel(false);
        }
        List<Connection> all = new ArrayList<>(accepted);
        Connection r = registry;
        if (r != null && r.isOpen()) {
            r.sendAndClose(new Message.Leave());
            all.add(r);
        }
        for (Link l : links.values()) {
            if (l.connection != null) {
                all.add(l.connection);
            }
        }
        accepted.forEach(Connection::close);
        links.values().forEach(l -> {
            if (l.connection != null) {
                l.connection.close();
            }
        });
        listening.close().awaitUninterruptibly(1_000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (Connection c : all) {
            c.awaitClosed(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        node.close();
    }
}
