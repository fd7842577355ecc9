package satin.steal;

import java.lang.System.Logger.Level;
import java.util.concurrent.CompletableFuture;
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
 * This node as a victim: it gives its oldest jobs away, to a thief that asks (as a local thief
 * would take them) or pushed unasked, and passes on a request it cannot answer if its balancer
 * says so. Every job it gives goes into the {@link AwayTable} first; a job that may not travel, or
 * whose result is saved, never leaves.
 */
final class Victim {

    /** Room in a frame for what a job message carries besides the job (type, ids, lengths). */
    static final int FRAME_MARGIN = 64;
    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final Peers peers;
    private final StealProtocol.Settings settings;
    private final Node node;
    private final JobCodec codec;
    private final LoadBalancer balancer;
    /** This node's own requests: a request passed on is asked further as one of them. */
    private final Thief thiefSide;
    private final AwayTable away;
    private final Orphans orphans;
    private final PoolStats stats;
    /** {@link LoadBalancer#passesRequestsOn}: if not, "no job" is answered at once, with no thread hop. */
    private final boolean passesOn;
    private final boolean passesOnPassed;
    /** How many jobs one steal request takes from here ({@link LoadBalancer#stealChunk}). */
    private final StealChunk chunk;
    private final StealTimeline timeline;

    /** A job about to leave this node, and its bytes. */
    private record Offer(InvocationRecord job, byte[] payload) {
    }

    /**
     * A thief's steal request that found nothing here and was passed on: whom to answer, on which
     * connection, under which number, and to how many members it was passed on already.
     */
    private record PassedOn(Connection thief, long request, int thiefId, int tried) {
    }

    Victim(Peers peers, StealProtocol.Settings settings, Node node, JobCodec codec, LoadBalancer balancer,
            Thief thiefSide, AwayTable away, Orphans orphans, PoolStats stats) {
        this.peers = peers;
        this.settings = settings;
        this.node = node;
        this.codec = codec;
        this.balancer = balancer;
        this.thiefSide = thiefSide;
        this.away = away;
        this.orphans = orphans;
        this.stats = stats;
        this.passesOn = balancer.passesRequestsOn();
        this.passesOnPassed = passesOn && balancer.passesOnPassedRequests();
        this.chunk = balancer.stealChunk();
        this.timeline = new StealTimeline(node, peers, stats);
    }

    /** A thief asks for work: it gets this node's oldest job, or its request is passed on, or it hears "none". */
    void stealRequest(Connection thief, Message.StealRequest r) {
        stats.stealRequestsReceived.incrementAndGet();
        long since = timeline.now();
        Offer o = peers.closing() ? null : offer("give a job to " + thief, false);
        if (o != null) {
            give(thief, r.request(), o.job(), o.payload(), since);
            giveRestOfChunk(thief, r.request(), since);
        } else if (r.passedOn() ? passesOnPassed : passesOn) {
            // Not from here: an in-VM channel delivers inline, so this thread may hold, further up
            // its stack, a link that a worker holding the balancer waits for.
            int thiefId = peers.idOf(thief.peer().node());
            CompletableFuture.runAsync(() -> passOn(thief, r.request(), thiefId, 0));
        } else {
            thief.send(new Message.StealReply(r.request(), 0, null));
        }
    }

    /**
     * Sends a job to a thief, in reply to its request that came at {@code since} (on the timeline);
     * if the thief went meanwhile, the job runs here again.
     */
    private void give(Connection thief, long request, InvocationRecord job, byte[] payload, long since) {
        long id = away.given(job, thief, payload);
        stats.jobsGiven.incrementAndGet();
        thief.send(new Message.StealReply(request, id, payload));
        timeline.gave(thief, id, since);
        if (!thief.isOpen()) {
            // a reply to a request passed on comes from another connection's thread, perhaps after
            // this one's close was handled: its jobs would not be run again by then
            away.runAgainTakenBy(thief);
        }
    }

    /**
     * Steal-half (or N): the chunk's other jobs, oldest first, each in a reply of its own under the
     * same request number. Each is given, remembered and failed over like any stolen job; the thief
     * runs a reply to a request it no longer waits for as a job it holds (Thief#replied),
     * so the frames and their limits stay those of one job.
     */
    private void giveRestOfChunk(Connection thief, long request, long since) {
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
            give(thief, request, o.job(), o.payload(), since);
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
        PassedOn p = new PassedOn(thief, request, thiefId, tried);
        thiefSide.ask(peers.to(next), next, false, job -> passedOnReplied(p, job));
    }

    /** A request passed on for a thief was answered: the thief gets the job, or the request goes on. */
    private void passedOnReplied(PassedOn p, RemoteJob job) {
        if (job != null) {
            orphans.hold(job); // as if it ran here: its owner's going abandons it wherever it went
            give(p.thief(), p.request(), job, job.bytes(), timeline.now());
        } else {
            // not from here, as in stealRequest
            CompletableFuture.runAsync(() -> passOn(p.thief(), p.request(), p.thiefId(), p.tried() + 1));
        }
    }

    /** Sends this node's oldest job, unasked, to {@code target}; false if there was none to send. */
    boolean push(int target) {
        Route link = peers.to(target);
        return link != null && push(link, target);
    }

    /** {@link #push(int)} into a link got earlier, which may have gone since. */
    boolean push(Route link, int target) {
        if (peers.closing()) {
            return false;
        }
        // only a job spawned here: one pushed here runs here (van Nieuwpoort, Kielmann and Bal, PPoPP 2001 section 3.2 pushes after a spawn)
        Offer o = offer("push a job to member " + target, true);
        if (o == null) {
            return false;
        }
        long id = away.pushed(o.job(), link, target, o.payload());
        stats.jobsPushed.incrementAndGet();
        link.send(new Message.Push(id, o.payload()));
        timeline.pushed(target, id);
        if (link.gone()) {
            // it may have gone before the job was away: run it again here (from another thread, for
            // the balancer that pushes holds itself, and hears of the job coming back)
            CompletableFuture.runAsync(() -> away.runAgainSentOn(link));
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
            if (!away.finishFromTable(job, payload)) {
                return new Offer(job, payload);
            }
        }
        return null;
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
}
