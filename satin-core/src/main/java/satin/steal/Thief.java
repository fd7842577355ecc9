package satin.steal;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.lb.LoadBalancer;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.InvocationRecord;
import satin.runtime.Node;
import satin.stats.PoolStats;

/**
 * This node as a thief: its steal requests, each answered once (by its victim, or here when the
 * victim goes), and the jobs that come to it, stolen or pushed, which run here as
 * {@link RemoteJob}s. A job it cannot read it declines, so that its owner runs it: nothing is lost.
 */
final class Thief {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final Peers peers;
    private final StealProtocol.Settings settings;
    private final Node node;
    private final JobCodec codec;
    private final LoadBalancer balancer;
    private final Orphans orphans;
    private final PoolStats stats;
    private final Map<Long, Asked> asked = new ConcurrentHashMap<>();
    private final AtomicLong nextRequest = new AtomicLong();
    private final StealTimeline timeline;

    /**
     * A steal request of ours, waiting for its reply; a prefetch asks ahead of need. A request
     * passed on for another thief ({@link LoadBalancer#passOn}) has the {@code relay} that answers it.
     */
    private record Asked(int victim, long sentNanos, boolean prefetch, Consumer<RemoteJob> relay) {
    }

    Thief(Peers peers, StealProtocol.Settings settings, Node node, JobCodec codec, LoadBalancer balancer,
            Orphans orphans, PoolStats stats) {
        this.peers = peers;
        this.settings = settings;
        this.node = node;
        this.codec = codec;
        this.balancer = balancer;
        this.orphans = orphans;
        this.stats = stats;
        this.timeline = new StealTimeline(node, peers, stats);
    }

    void ask(int victim, boolean prefetch) {
        ask(peers.to(victim), victim, prefetch);
    }

    /** {@link #ask(int, boolean)} over a link got earlier (which may have gone since), or none. */
    void ask(Route link, int victim, boolean prefetch) {
        ask(link, victim, prefetch, null);
    }

    /**
     * Asks {@code victim} for a job over {@code link}: for this node, or, with a {@code relay},
     * for another thief, whose request this node passed on and which hears the reply instead.
     */
    void ask(Route link, int victim, boolean prefetch, Consumer<RemoteJob> relay) {
        long request = nextRequest.incrementAndGet() | (relay != null ? Message.StealRequest.PASSED_ON : 0);
        asked.put(request, new Asked(victim, System.nanoTime(), prefetch, relay));
        stats.stealRequestsSent.incrementAndGet();
        (prefetch ? stats.prefetchRequests : peers.wideArea(victim) ? stats.wanStealRequests
                : stats.lanStealRequests).incrementAndGet();
        if (link == null) {
            // Not from here: the caller holds the balancer, and a balancer that asks again on every
            // reply would ask forever without letting go of it (CLS's prefetch loop did).
            CompletableFuture.runAsync(() -> replied(request, null));
        } else {
            link.send(new Message.StealRequest(request));
            if (link.gone()) { // it may have gone before the request was known: no reply will come
                CompletableFuture.runAsync(() -> replied(request, null));
            }
        }
    }

    /**
     * A reply (or its impossibility) for one of our steal requests, with the job it brought, if any:
     * the job runs here and the balancer is told, or, for a request passed on, the thief hears.
     */
    private void replied(long request, RemoteJob job) {
        // A job for a request no longer waited for: a chunk's further job, or one whose victim was given up on.
        Asked a = asked.remove(request);
        if (job != null && (a == null || a.relay() == null)) {
            hold(job);
        }
        if (a == null) {
            return;
        }
        (job != null ? stats.stealRepliesWithJob : stats.stealRepliesEmpty).incrementAndGet();
        if (job == null) {
            timeline.empty(a.victim(), a.sentNanos());
        }
        if (job != null) {
            (a.prefetch() ? stats.prefetched : peers.wideArea(a.victim()) ? stats.wanSteals : stats.lanSteals)
                    .incrementAndGet();
        }
        if (a.relay() != null) {
            a.relay().accept(job);
            return;
        }
        stats.stealWaitNanos.addAndGet(System.nanoTime() - a.sentNanos());
        boolean again;
        synchronized (balancer) {
            balancer.stealReplied(a.victim(), job != null);
            again = job == null && balancer.asksAgainAtOnce();
        }
        if (again) {
            node.wakeIdle(); // its balancer asks again at once, not after the idle workers' back-off
        }
    }

    /** No reply will come from {@code member}: its requests are answered "no job" here. */
    void giveUpRequestsTo(int member) {
        for (Map.Entry<Long, Asked> e : asked.entrySet()) {
            if (e.getValue().victim() == member) {
                replied(e.getKey(), null);
            }
        }
    }

    /** The reply to a steal request. */
    void stealReply(Connection victim, Message.StealReply r) {
        long number = r.request() & ~Message.StealRequest.PASSED_ON;
        if (number < 1 || number > nextRequest.get()) { // a chunk's later jobs answer a request that was sent
            String why = "a steal reply to request " + r.request() + ", which was never sent";
            if (r.payload() != null) {
                decline(victim, r.job(), new IllegalStateException(why)); // its owner runs it: nothing is lost
            } else {
                LOG.log(Level.WARNING, "node {0} ignores {1} from {2}", settings.node(), why, victim);
            }
            return;
        }
        measure(r.request());
        if (r.payload() == null || answeredFromTable(victim, r.job(), r.payload())) {
            replied(r.request(), null); // nothing to run: the balancer asks again
            return;
        }
        RemoteJob job = readJob(victim, r.job(), r.payload());
        if (job != null) {
            Asked a = asked.get(r.request()); // none for a chunk's further job
            timeline.got(a != null ? a.victim() : peers.idOf(String.valueOf(peers.memberOn(victim))), r.job(),
                    a != null ? a.sentNanos() : 0);
        }
        replied(r.request(), job);
    }

    /** A reply came from its victim: the time since its request left is a round trip to it. */
    private void measure(long request) {
        Asked a = asked.get(request);
        if (a != null) {
            stats.roundTrips.record(a.victim(), System.nanoTime() - a.sentNanos());
        }
    }

    /** A pushed job: it runs here like a stolen one, and its result goes back. */
    void pushed(Connection from, Message.Push p) {
        from.send(new Message.PushReceived(p.job())); // it is here, whatever becomes of it
        if (answeredFromTable(from, p.job(), p.payload())) {
            return;
        }
        RemoteJob job = readJob(from, p.job(), p.payload());
        if (job != null) {
            timeline.pushGot(from, p.job());
            stats.pushesReceived.incrementAndGet();
            hold(job);
        }
    }

    /** A job that came from {@code owner}, to run here; null if it cannot be read here, and then it is declined. */
    private RemoteJob readJob(Connection owner, long job, byte[] payload) {
        try {
            InvocationRecord call = Decoding.decode("job " + job + " of " + owner.peer().node(),
                    () -> codec.readJob(payload));
            return new RemoteJob(call, job, owner, codec, this, payload);
        } catch (RuntimeException e) {
            decline(owner, job, e);
            return null;
        }
    }

    /** A job whose result is saved here is answered at once with it, not run. */
    private boolean answeredFromTable(Connection owner, long job, byte[] payload) {
        byte[] known = orphans.lookup(payload);
        if (known == null) {
            return false;
        }
        stats.orphanResultsReused.incrementAndGet();
        stats.resultsSent.incrementAndGet();
        owner.send(new Message.Result(job, false, known));
        return true;
    }

    private void hold(RemoteJob job) {
        orphans.hold(job);
        node.submit(job);
    }

    /**
     * A job (or its result) this node cannot read or write, named in {@code why}, goes back to its
     * owner as not taken; the owner logs it and runs the job itself.
     */
    void decline(Connection owner, long job, Throwable why) {
        LOG.log(Level.WARNING, "node {0} declines job {1} of {2}: {3}", settings.node(), job, owner, why.getMessage());
        String reason = why instanceof StackOverflowError ? "it is nested too deeply to be written or read here"
                + " (a stack overflow; a deeper stack, -Xss, would hold it)" : String.valueOf(why.getMessage());
        owner.send(new Message.Declined(job, reason.length() > 4096 ? reason.substring(0, 4096) + "..." : reason));
    }

    /** Jobs from elsewhere held here: a job that ran here reports back through them. */
    Orphans orphans() {
        return orphans;
    }

    /** Where a job that ran here counts the result it sends. */
    PoolStats stats() {
        return stats;
    }
}
