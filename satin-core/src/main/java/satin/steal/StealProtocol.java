package satin.steal;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import satin.codec.Allowlist;
import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.lb.LoadBalancer;
import satin.lb.StealChunk;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.Abandoned;
import satin.runtime.InvocationRecord;
import satin.runtime.Lineage;
import satin.runtime.Node;
import satin.stats.PoolStats;

/**
 * Jobs between nodes: steal requests and their replies, pushed jobs, and results.
 *
 * <p>A victim takes the oldest job one of its workers offers (as a local thief would), remembers
 * it under a job number, and sends it; the thief runs a copy (call by value) and sends back the
 * result or the failure, which the owner stores into the original record before it tells the
 * waiting sync. A result is applied once: the job number is forgotten when it is, and a result for
 * an unknown number, or from a connection that was not given the job, is ignored and logged. If
 * the connection a job went on closes before its result came, the job runs again here. A job the
 * thief cannot read (or whose result it cannot write) it declines, and a result this node cannot
 * read is dropped: either way the job runs again here, kept here from then on, with one logged
 * line saying why. Nothing is lost. What the jobs from elsewhere that this node holds become when
 * their owner goes is {@link Orphans}'s.
 */
public final class StealProtocol {

    /** Room in a frame for what a job message carries besides the job (type, ids, lengths). */
    static final int FRAME_MARGIN = 64;
    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final Peers peers;
    private final Settings settings;
    private final Node node;
    private final JobCodec codec;
    private final LoadBalancer balancer;
    private final PoolStats stats;
    private final Map<Long, Away> away = new ConcurrentHashMap<>();
    /** Jobs pushed and not yet received, with their targets: what RP counts as in transit. */
    private final Map<Long, Integer> inTransit = new ConcurrentHashMap<>();
    private final Map<Long, Asked> asked = new ConcurrentHashMap<>();
    private final AtomicLong nextJob = new AtomicLong();
    private final AtomicLong nextRequest = new AtomicLong();
    private final Orphans orphans;
    /** {@link LoadBalancer#passesRequestsOn}: if not, "no job" is answered at once, with no thread hop. */
    private final boolean passesOn;
    /** How many jobs one steal request takes from here ({@link LoadBalancer#stealChunk}). */
    private final StealChunk chunk;

    /**
     * What the protocol needs to know of its node's settings.
     *
     * @param node                the node's name, for the log
     * @param maxFrame            the longest frame a job may travel in, in bytes
     * @param failureTimeoutNanos how long a member may be silent before it is declared dead
     */
    public record Settings(String node, int maxFrame, long failureTimeoutNanos) {
    }

    /**
     * A job given away: the original record, the connection its result must come on (the thief's,
     * or the link it was pushed into, which may not have connected yet), whether it was pushed, and
     * the bytes it went as, which name it in the {@link ResultTable}.
     */
    private record Away(InvocationRecord record, Connection thief, Route link, boolean pushed, byte[] payload) {
        /** Whether a result on this connection may be this job's: it must come back the way the job went. */
        boolean cameBackOn(Connection c) {
            return thief == c || (link != null && link.carries(c));
        }
    }

    /** A job about to leave this node, and its bytes. */
    private record Offer(InvocationRecord job, byte[] payload) {
    }

    /**
     * A steal request of ours, waiting for its reply; a prefetch asks ahead of need. A request
     * passed on for another thief ({@link LoadBalancer#passOn}) names it in {@code forThief}.
     */
    private record Asked(int victim, long sentNanos, boolean prefetch, PassedOn forThief) {
    }

    /**
     * A thief's steal request that found nothing here and was passed on: whom to answer, on which
     * connection, under which number, and to how many members it was passed on already.
     */
    private record PassedOn(Connection thief, long request, int thiefId, int tried) {
    }

    public StealProtocol(Peers peers, Settings settings, Node node, JobCodec codec, LoadBalancer balancer,
            PoolStats stats) {
        this.peers = peers;
        this.settings = settings;
        this.node = node;
        this.codec = codec;
        this.balancer = balancer;
        this.stats = stats;
        this.passesOn = balancer.passesRequestsOn();
        this.chunk = balancer.stealChunk();
        this.orphans = new Orphans(peers, settings, node, stats, this::passOnAbandonment);
    }

    // ------------------------------------------------------------------ this node as a thief

    public void ask(int victim, boolean prefetch) {
        ask(peers.to(victim), victim, prefetch);
    }

    /** {@link #ask(int, boolean)} over a link got earlier (which may have gone since), or none. */
    public void ask(Route link, int victim, boolean prefetch) {
        ask(link, victim, prefetch, null);
    }

    private void ask(Route link, int victim, boolean prefetch, PassedOn forThief) {
        long request = nextRequest.incrementAndGet();
        asked.put(request, new Asked(victim, System.nanoTime(), prefetch, forThief));
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
        if (job != null && (a == null || a.forThief() == null)) {
            hold(job);
        }
        if (a == null) {
            return;
        }
        (job != null ? stats.stealRepliesWithJob : stats.stealRepliesEmpty).incrementAndGet();
        if (job != null) {
            (a.prefetch() ? stats.prefetched : peers.wideArea(a.victim()) ? stats.wanSteals : stats.lanSteals)
                    .incrementAndGet();
        }
        if (a.forThief() != null) {
            passedOnReplied(a.forThief(), job);
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

    private void giveUpRequestsTo(int member) {
        for (Map.Entry<Long, Asked> e : asked.entrySet()) {
            if (e.getValue().victim() == member) {
                replied(e.getKey(), null);
            }
        }
    }

    /** The reply to a steal request. */
    private void stealReply(Connection victim, Message.StealReply r) {
        if (r.request() < 1 || r.request() > nextRequest.get()) { // a chunk's later jobs answer a request that was sent
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
        replied(r.request(), readJob(victim, r.job(), r.payload()));
    }

    /** A request passed on for a thief was answered: the thief gets the job, or the request goes on. */
    private void passedOnReplied(PassedOn p, RemoteJob job) {
        if (job != null) {
            orphans.hold(job); // as if it ran here: its owner's going abandons it wherever it went
            give(p.thief(), p.request(), job, job.bytes());
        } else {
            CompletableFuture.runAsync(() -> passOn(p.thief(), p.request(), p.thiefId(), p.tried() + 1)); // as above
        }
    }

    /** A reply came from its victim: the time since its request left is a round trip to it. */
    private void measure(long request) {
        Asked a = asked.get(request);
        if (a != null) {
            stats.roundTrips.record(a.victim(), System.nanoTime() - a.sentNanos());
        }
    }

    /** A pushed job: it runs here like a stolen one, and its result goes back. */
    private void pushed(Connection from, Message.Push p) {
        from.send(new Message.PushReceived(p.job())); // it is here, whatever becomes of it
        if (answeredFromTable(from, p.job(), p.payload())) {
            return;
        }
        RemoteJob job = readJob(from, p.job(), p.payload());
        if (job != null) {
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

    // ------------------------------------------------------------------ this node as a victim or owner

    /** A thief asks for work: it gets this node's oldest job, or its request is passed on, or it hears "none". */
    private void stealRequest(Connection thief, Message.StealRequest r) {
        stats.stealRequestsReceived.incrementAndGet();
        Offer o = peers.closing() ? null : offer("give a job to " + thief, false);
        if (o != null) {
            give(thief, r.request(), o.job(), o.payload());
            giveRestOfChunk(thief, r.request());
        } else if (passesOn) {
            // Not from here: an in-VM channel delivers inline, so this thread may hold, further up
            // its stack, a link that a worker holding the balancer waits for.
            int thiefId = peers.idOf(thief.peer().node());
            CompletableFuture.runAsync(() -> passOn(thief, r.request(), thiefId, 0));
        } else {
            thief.send(new Message.StealReply(r.request(), 0, null));
        }
    }

    /** Sends a job to a thief, in reply to its request; if the thief went meanwhile, the job runs here again. */
    private void give(Connection thief, long request, InvocationRecord job, byte[] payload) {
        long id = nextJob.incrementAndGet();
        away.put(id, new Away(job, thief, null, false, payload));
        stats.jobsGiven.incrementAndGet();
        thief.send(new Message.StealReply(request, id, payload));
        if (!thief.isOpen()) {
            // a reply to a request passed on comes from another connection's thread, perhaps after
            // this one's close was handled: its jobs would not be run again by then
            runAgain(a -> a.thief() == thief);
        }
    }

    /**
     * Steal-half (or N): the chunk's other jobs, oldest first, each in a reply of its own under the
     * same request number. Each is given, remembered and failed over like any stolen job; the thief
     * runs a reply to a request it no longer waits for as a job it holds (StealProtocol#replied),
     * so the frames and their limits stay those of one job.
     */
    private void giveRestOfChunk(Connection thief, long request) {
        int more = chunk.jobsOf(node.queuedJobs() + 1) - 1; // the one given counts as offered
        boolean wide = more > 0 && peers.wideArea(peers.idOf(thief.peer().node()));
        for (int k = 0; k < more && !peers.closing(); k++) {
            Offer o = offer("give a job to " + thief, false);
            if (o == null) {
                return;
            }
            stats.chunkJobsGiven.incrementAndGet();
            if (wide) {
                stats.wanChunkJobsGiven.incrementAndGet();
            }
            give(thief, request, o.job(), o.payload());
        }
    }

    /**
     * Passes a thief's request on to the member the balancer names (the {@code tried}th time for
     * this request), or answers "no job" if it names none: every request is answered once, here or
     * further on, even if a member it passes through goes (its reply is then "no job").
     */
    private void passOn(Connection thief, long request, int thiefId, int tried) {
        int next = -1;
        if (!peers.closing() && thiefId >= 0 && thief.isOpen()) {
            synchronized (balancer) {
                next = balancer.passOn(thiefId, tried);
            }
        }
        if (next < 0 || next == thiefId || next == peers.self()) {
            thief.send(new Message.StealReply(request, 0, null));
            return;
        }
        stats.stealRequestsPassedOn.incrementAndGet();
        ask(peers.to(next), next, false, new PassedOn(thief, request, thiefId, tried));
    }

    /** Sends this node's oldest job, unasked, to {@code target}; false if there was none to send. */
    public boolean push(int target) {
        Route link = peers.to(target);
        return link != null && push(link, target);
    }

    /** {@link #push(int)} into a link got earlier, which may have gone since. */
    public boolean push(Route link, int target) {
        if (peers.closing()) {
            return false;
        }
        // only a job spawned here: one pushed here runs here (seed 004 section 3.2 pushes after a spawn)
        Offer o = offer("push a job to member " + target, true);
        if (o == null) {
            return false;
        }
        long id = nextJob.incrementAndGet();
        away.put(id, new Away(o.job(), null, link, true, o.payload()));
        inTransit.put(id, target);
        stats.jobsPushed.incrementAndGet();
        link.send(new Message.Push(id, o.payload()));
        if (link.gone()) {
            // it may have gone before the job was away: run it again here (from another thread, for
            // the balancer that pushes holds itself, and hears of the job coming back)
            CompletableFuture.runAsync(() -> runAgain(a -> a.link() == link));
        }
        return true;
    }

    /**
     * The oldest job worth sending, with its bytes; null if there is none, or if it may not travel
     * (then it runs here). A job whose result is saved is finished with it here instead, and the
     * next one is taken.
     */
    private Offer offer(String what, boolean spawnedHere) {
        for (InvocationRecord job = takeLiveJob(spawnedHere); job != null; job = takeLiveJob(spawnedHere)) {
            byte[] payload = encode(job, what);
            if (payload == null) {
                return null;
            }
            if (!finishFromTable(job, payload)) {
                return new Offer(job, payload);
            }
        }
        return null;
    }

    /** Finishes a job of this node's with its saved result, if the table has one this node can read. */
    private boolean finishFromTable(InvocationRecord job, byte[] payload) {
        byte[] known = orphans.lookup(payload);
        if (known == null) {
            return false;
        }
        RemoteJob passing = job instanceof RemoteJob p ? p : null;
        try {
            Decoding.decode("a saved result", () -> {
                codec.readResult(known, passing != null ? passing.call() : job);
                return null;
            });
        } catch (RuntimeException e) {
            return false; // it travels as usual, and its result will come back the usual way
        }
        stats.orphanResultsReused.incrementAndGet();
        if (passing != null) {
            passing.reportBack(null);
        } else {
            job.finishElsewhere(null);
        }
        return true;
    }

    /**
     * The oldest job that still matters (one spawned here if {@code spawnedHere}, else one from
     * elsewhere waiting here first): jobs of abandoned work are thrown away, not sent.
     */
    private InvocationRecord takeLiveJob(boolean spawnedHere) {
        for (InvocationRecord job = take(spawnedHere); job != null; job = take(spawnedHere)) {
            if (!Lineage.abandoned(job)) {
                return job;
            }
            throwAway(job);
        }
        return null;
    }

    private InvocationRecord take(boolean spawnedHere) {
        return spawnedHere ? node.stealSpawnedForRemote() : node.stealForRemote();
    }

    /** A job of abandoned work: whoever waits for it (abandoned too) goes on, and unwinds. */
    private void throwAway(InvocationRecord job) {
        stats.jobsThrownAway.incrementAndGet();
        if (job instanceof RemoteJob r) {
            orphans.finished(r);
        } else {
            job.finishElsewhere(new Abandoned("a job of abandoned work, thrown away on " + settings.node()));
        }
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
            if (bytes.length <= settings.maxFrame() - FRAME_MARGIN) {
                return bytes;
            }
            refusal = "the job is " + bytes.length + " bytes, and frames are limited to " + settings.maxFrame()
                    + " (--max-frame)";
        } catch (RuntimeException e) {
            refusal = e.getMessage();
        } catch (StackOverflowError e) {
            refusal = "it is nested too deeply to be written (a stack overflow)";
        }
        LOG.log(Level.ERROR, "node {0} cannot {1}, running it here: {2}", settings.node(), what, refusal);
        stats.jobsRefused.incrementAndGet();
        job.keepHere();
        node.submit(job);
        return null;
    }

    /** The job given away under this number, if it came back the way it went; forgotten from now on. */
    private Away takeBack(Connection from, long job, String what) {
        Away a = away.get(job);
        if (a == null || !a.cameBackOn(from)) {
            LOG.log(Level.WARNING, "node {0} ignores {1} for job {2} from {3}: {4}", settings.node(), what, job, from,
                    a == null ? "no such job is away (already done?)" : "the job was given to another node");
            return null;
        }
        if (!away.remove(job, a)) {
            return null;
        }
        delivered(job); // a refused push is answered at once
        return a;
    }

    /** The node a job went to did not take it (or could not send its result). */
    private void declined(Connection from, Message.Declined d) {
        Away a = takeBack(from, d.job(), "a refusal");
        if (a != null) {
            runHere(a, from.peer().node() + " did not take it: " + d.reason());
        }
    }

    /** A job that could not run elsewhere, or whose result could not come back: it runs here, and stays. */
    private void runHere(Away a, String why) {
        LOG.log(Level.WARNING, "node {0} runs a job here that could not run elsewhere: {1}", settings.node(), why);
        stats.jobsRefused.incrementAndGet();
        a.record().keepHere();
        submitAgain(a.record());
        cameBack(a);
    }

    /**
     * A job that came back unrun runs here, unless this node is closing: then nothing runs any more,
     * and the job is finished as abandoned, or a sync waiting for it would wait for ever, and the
     * node's close with it, for its worker.
     */
    private void submitAgain(InvocationRecord job) {
        if (!peers.closing()) {
            node.submit(job);
        } else {
            job.finishElsewhere(new Abandoned("a job given away came back unrun while " + settings.node() + " closes"));
        }
    }

    /** What a job given away came to. */
    private void result(Connection from, Message.Result r) {
        Away a = takeBack(from, r.job(), "a result");
        if (a == null) {
            return;
        }
        RemoteJob passedOn = a.record() instanceof RemoteJob p ? p : null;
        Throwable failure;
        try {
            failure = read(r, passedOn != null ? passedOn.call() : a.record(), from);
        } catch (Allowlist.NotAllowedException | Decoding.Undecodable e) {
            stats.resultsReceived.incrementAndGet();
            runHere(a, e instanceof Allowlist.NotAllowedException
                    ? "its result from " + from.peer().node() + " may not travel here: " + e.getMessage() : e.getMessage());
            return;
        }
        if (failure == null && passedOn == null) {
            orphans.cameBack(a.record().lineage(), a.payload(), r.payload());
        }
        stats.resultsReceived.incrementAndGet(); // once remembered: whoever sees it counted sees it kept if its work goes
        if (passedOn != null) {
            passedOn.reportBack(failure); // a job this node had itself from elsewhere: its owner learns
        } else {
            a.record().finishElsewhere(failure);
        }
        cameBack(a);
    }

    /**
     * Reads a result into {@code into}, or the failure it carries, which it returns (null for a
     * result); a result that cannot be stored there is a failure of the call too. Throws what
     * cannot be read here at all.
     */
    private Throwable read(Message.Result r, InvocationRecord into, Connection from) {
        String what = "the result of job " + r.job() + " from " + from.peer().node();
        try {
            if (r.failed()) {
                return Decoding.decode(what, () -> codec.readFailure(r.payload()));
            }
            Decoding.decode(what, () -> {
                codec.readResult(r.payload(), into);
                return null;
            });
            return null;
        } catch (Allowlist.NotAllowedException | Decoding.Undecodable e) {
            throw e;
        } catch (RuntimeException e) {
            return e;
        }
    }

    private void cameBack(Away a) {
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

    /** Jobs given away that will not come back: they run here again, and their results, if they come, are ignored. */
    private void runAgain(Predicate<Away> lost) {
        forget(lost, (id, a) -> {
            if (!finishFromTable(a.record(), a.payload())) {
                stats.jobsRerun.incrementAndGet();
                submitAgain(a.record());
            }
        });
    }

    /**
     * Forgets the jobs given away that {@code which} names, each once however many call this at
     * the same time: no longer in transit, no longer away for the balancer; {@code then} decides
     * what becomes of each.
     */
    private void forget(Predicate<Away> which, BiConsumer<Long, Away> then) {
        for (Map.Entry<Long, Away> e : away.entrySet()) {
            Away a = e.getValue();
            if (which.test(a) && away.remove(e.getKey(), a)) {
                delivered(e.getKey());
                then.accept(e.getKey(), a);
                cameBack(a);
            }
        }
    }

    // ------------------------------------------------------------------ orphans

    /** Jobs from elsewhere held here, and the results saved from abandoned work. */
    Orphans orphans() {
        return orphans;
    }

    PoolStats stats() {
        return stats;
    }

    /** The member called {@code name} was found dead: the results sent to it lately are kept. */
    public void ownerDied(String name) {
        orphans.ownerDied(name);
    }

    /** The member called {@code name} left in good order: it read what it was sent. */
    public void ownerLeft(String name) {
        orphans.ownerLeft(name);
    }

    /** This node leaves the pool: every job it holds for others is abandoned here, to run again at its owner. */
    public void abandonAll() {
        orphans.abandonAll();
    }

    /** How many results this node knows from abandoned work. */
    public int resultsKnown() {
        return orphans.resultsKnown();
    }

    /**
     * Work of this node's was abandoned: the jobs of it given away are forgotten here and
     * abandoned where they went, and whoever here waits for one unwinds.
     */
    private void passOnAbandonment(Lineage work, RemoteJob root) {
        forget(a -> a.record().lineage() == work, (id, a) -> {
            Message abandon = new Message.Abandon(id);
            if (a.thief() != null) {
                a.thief().send(abandon);
            } else {
                a.link().send(abandon);
            }
            if (a.record() != root) {
                a.record().finishElsewhere(new Abandoned("its owner's job was abandoned on " + settings.node()));
            }
        });
    }

    // ------------------------------------------------------------------ where messages and losses come from

    /** A message on a link this node opened. */
    public void onLink(Connection c, Message m) {
        if (m instanceof Message.StealReply r) {
            stealReply(c, r);
        } else if (m instanceof Message.Result r) {
            result(c, r); // of a job this node pushed over the link
        } else if (m instanceof Message.PushReceived r) {
            delivered(r.job());
        } else if (m instanceof Message.Declined d) {
            declined(c, d); // a job this node pushed over the link, or a stolen one it could not read
        } else if (m instanceof Message.Abandon a) {
            orphans.abandoned(c, a); // a job stolen over the link
        } else {
            protocolError(c, "a " + m.type() + " message on a link to a victim");
        }
    }

    /** A message on a connection another node opened to this one. */
    public void onAccepted(Connection c, Message m) {
        if (m instanceof Message.StealRequest r) {
            stealRequest(c, r);
        } else if (m instanceof Message.Result r) {
            result(c, r);
        } else if (m instanceof Message.Push p) {
            pushed(c, p);
        } else if (m instanceof Message.Declined d) {
            declined(c, d); // a result this node's thief could not send
        } else if (m instanceof Message.Abandon a) {
            orphans.abandoned(c, a); // a job pushed to this node
        } else if (m instanceof Message.ResultKnown k) {
            orphans.learned(c, k);
        } else {
            protocolError(c, "a " + m.type() + " message from another node");
        }
    }

    /** Logged, and the connection closed: what it sent makes no sense here. */
    static void protocolError(Connection c, String what) {
        LOG.log(Level.WARNING, "closing {0}: {1}", c, what);
        c.close();
    }

    /** A link closed or never connected: its requests are unanswered, its jobs run here again. */
    public void linkGone(Route link, Connection c) {
        giveUpRequestsTo(link.member());
        runAgain(a -> a.link() == link);
        if (c != null) {
            orphans.ownerGone(c);
        }
    }

    /** A connection another node opened closed: the jobs it took run here again, the ones it pushed are orphans. */
    public void acceptedGone(Connection c) {
        runAgain(a -> a.thief() == c);
        orphans.ownerGone(c);
    }

    /** A member left the pool: no reply will come from it. */
    public void memberGone(int member) {
        giveUpRequestsTo(member);
    }
}
