package satin.steal;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import satin.codec.Allowlist;
import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.lb.LoadBalancer;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.Abandoned;
import satin.runtime.InvocationRecord;
import satin.runtime.Lineage;
import satin.runtime.Node;
import satin.stats.PoolStats;

/**
 * The jobs this node gave away, by job number, until each is settled once: by its result or
 * failure, applied to the original record, or by running it again here when it cannot come back
 * (its connection closed, the thief declined it, its result cannot be read). A result for a number
 * not away, or from a connection the job did not go on, is ignored and logged.
 */
final class AwayTable {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final Peers peers;
    private final StealProtocol.Settings settings;
    private final Node node;
    private final JobCodec codec;
    private final LoadBalancer balancer;
    private final Orphans orphans;
    private final PoolStats stats;
    private final Map<Long, Away> away = new ConcurrentHashMap<>();
    /** Jobs pushed and not yet received, with their targets: what RP counts as in transit. */
    private final Map<Long, Integer> inTransit = new ConcurrentHashMap<>();
    private final AtomicLong nextJob = new AtomicLong();

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

    AwayTable(Peers peers, StealProtocol.Settings settings, Node node, JobCodec codec, LoadBalancer balancer,
            Orphans orphans, PoolStats stats) {
        this.peers = peers;
        this.settings = settings;
        this.node = node;
        this.codec = codec;
        this.balancer = balancer;
        this.orphans = orphans;
        this.stats = stats;
    }

    /** A job about to go to the thief on {@code thief}: its number, under which its result must come back there. */
    long given(InvocationRecord job, Connection thief, byte[] payload) {
        long id = nextJob.incrementAndGet();
        away.put(id, new Away(job, thief, null, false, payload));
        return id;
    }

    /** A job about to be pushed into {@code link} for {@code target}: in transit until the target says it has it. */
    long pushed(InvocationRecord job, Route link, int target, byte[] payload) {
        long id = nextJob.incrementAndGet();
        away.put(id, new Away(job, null, link, true, payload));
        inTransit.put(id, target);
        return id;
    }

    /** The connection a thief took jobs on is gone: they run here again. */
    void runAgainTakenBy(Connection thief) {
        runAgain(a -> a.thief() == thief);
    }

    /** A link this node sent jobs into is gone: they run here again. */
    void runAgainSentOn(Route link) {
        runAgain(a -> a.link() == link);
    }

    /** Finishes a job of this node's with its saved result, if the table has one this node can read. */
    boolean finishFromTable(InvocationRecord job, byte[] payload) {
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
    void declined(Connection from, Message.Declined d) {
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
    void result(Connection from, Message.Result r) {
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
            orphans.cameBack(Lineage.fromElsewhere(a.record()), a.payload(), r.payload());
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
    void delivered(long job) {
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

    /**
     * Work of this node's was abandoned: the jobs of it given away are forgotten here and
     * abandoned where they went, and whoever here waits for one unwinds.
     */
    void passOnAbandonment(Lineage work, RemoteJob root) {
        giveUp(work, root, Message.Abandon::new, "its owner's job was abandoned on " + settings.node());
    }

    /**
     * Work of this node's was cancelled, an earlier spawn having failed (docs/decisions/0052): the
     * jobs of it given away are forgotten here and cancelled where they went, and whoever here
     * waits for one goes on.
     */
    void passOnCancel(Lineage work, RemoteJob root) {
        giveUp(work, root, Message.Cancel::new, "cancelled on " + settings.node() + ": an earlier spawn failed");
    }

    /** Forgets the jobs of {@code work} given away, tells where each went, and finishes each but the root. */
    private void giveUp(Lineage work, RemoteJob root, LongFunction<Message> tell, String why) {
        forget(a -> Lineage.within(a.record(), work), (id, a) -> {
            Message told = tell.apply(id);
            if (a.thief() != null) {
                a.thief().send(told);
            } else {
                a.link().send(told);
            }
            if (a.record() != root) {
                a.record().finishElsewhere(new Abandoned(why));
            }
        });
    }
}
