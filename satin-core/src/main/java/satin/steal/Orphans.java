package satin.steal;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.Lineage;
import satin.runtime.Node;
import satin.stats.PoolStats;

/**
 * Jobs from elsewhere that this node holds, and what becomes of them when their owner goes: they
 * are orphans, abandoned down their subtree (here, where they were passed on, and in this node's
 * deques), and what they had already learned is kept: results that came back for them, and
 * results sent lately to an owner then found dead, go into the {@link ResultTable}, which every
 * member shares. {@link StealProtocol} moves the jobs; this class decides what an owner's going
 * means for them.
 */
final class Orphans {

    private final Peers peers;
    private final StealProtocol.Settings settings;
    private final Node node;
    private final PoolStats stats;
    /** Abandons, where they went, the jobs of abandoned work that this node gave away (not the root itself). */
    private final BiConsumer<Lineage, RemoteJob> passOn;
    /** Cancels, where they went, the jobs of cancelled work that this node gave away (not the root itself). */
    private final BiConsumer<Lineage, RemoteJob> passOnCancel;
    /** Jobs from elsewhere that run here, or wait to, until they report back: abandoned if their owner goes. */
    private final Set<RemoteJob> held = ConcurrentHashMap.newKeySet();
    /** Results saved from abandoned work, here and at the other members. */
    private final ResultTable results = new ResultTable();

    Orphans(Peers peers, StealProtocol.Settings settings, Node node, PoolStats stats,
            BiConsumer<Lineage, RemoteJob> passOn, BiConsumer<Lineage, RemoteJob> passOnCancel) {
        this.peers = peers;
        this.settings = settings;
        this.node = node;
        this.stats = stats;
        this.passOn = passOn;
        this.passOnCancel = passOnCancel;
    }

    /** A job from elsewhere is here now, to run (or pass on) until it reports back. */
    void hold(RemoteJob job) {
        held.add(job);
    }

    /** A job from elsewhere reported back (or was abandoned): it is no longer held here. */
    void finished(RemoteJob job) {
        if (held.remove(job)) {
            results.done(job.lineage());
        }
    }

    /** The saved result of the job with these bytes, or null. */
    byte[] lookup(byte[] job) {
        return results.lookup(job);
    }

    /** A result that came back for work this node does for others: saved if that work is abandoned. */
    void cameBack(Lineage work, byte[] job, byte[] result) {
        if (work != null && !work.abandoned()) {
            results.cameBack(work, job, result);
            if (work.abandoned()) {
                results.done(work); // abandoned meanwhile: saved already, or never to be
            }
        }
    }

    /** The node at the other end of {@code c} is gone: the jobs it gave this node are orphans. */
    void ownerGone(Connection c) {
        for (RemoteJob r : held) {
            if (r.ownedBy(c)) {
                abandon(r);
            }
        }
    }

    /**
     * A result went to its owner: kept for twice the failure timeout, by the owner's name, for if
     * the owner is declared dead meanwhile, it may have frozen or died before it read it.
     */
    void sent(Connection owner, byte[] job, byte[] result) {
        String name = owner.peer().node().isEmpty() ? peers.memberOn(owner) : owner.peer().node();
        if (name != null) {
            results.sent(name, job, result, System.nanoTime(), 2 * settings.failureTimeoutNanos());
        }
    }

    /** The member named {@code owner} was found dead: the results sent to it lately are kept. */
    void ownerDied(String owner) {
        share(results.saveSent(owner));
    }

    /** The member named {@code owner} left in good order: it read what it was sent. */
    void ownerLeft(String owner) {
        results.forgetSent(owner);
    }

    /** This node leaves the pool: every job it holds for others is abandoned here, to run again at its owner. */
    void abandonAll() {
        held.forEach(this::abandon);
    }

    /** The owner of a job this node has says nobody waits for it any more. */
    void abandoned(Connection c, Message.Abandon a) {
        for (RemoteJob r : held) {
            if (r.is(c, a.job())) {
                abandon(r);
            }
        }
    }

    /**
     * The owner of a job this node has cancelled it (docs/decisions/0052): abandoned down its
     * subtree here and where it went, as an orphan is, but nothing of it is kept or counted here,
     * for its owner never runs it again and counted it itself.
     */
    void cancelled(Connection c, long job) {
        for (RemoteJob r : held) {
            if (r.is(c, job) && held.remove(r)) {
                r.abandon();
                results.done(r.lineage());
                node.shedAbandoned();
                passOnCancel.accept(r.lineage(), r);
            }
        }
    }

    /**
     * Abandons an orphan down its subtree: what of it waits here is thrown away, the workers that
     * run it stop at their next spawn or sync (docs/decisions/0015), and what went to other nodes
     * is abandoned there.
     */
    private void abandon(RemoteJob r) {
        if (!held.remove(r)) {
            return;
        }
        r.abandon();
        stats.jobsAbandoned.incrementAndGet();
        stats.jobsThrownAway.addAndGet(node.shedAbandoned());
        share(results.save(r.lineage()));
        passOn.accept(r.lineage(), r);
    }

    /** Results saved here go to every other member's table too. */
    private void share(List<ResultTable.Known> saved) {
        if (saved.isEmpty()) {
            return;
        }
        stats.orphanResultsKept.addAndGet(saved.size());
        for (int member : peers.others()) {
            Route link = peers.to(member);
            if (link != null) {
                for (ResultTable.Known k : saved) {
                    link.send(new Message.ResultKnown(k.key().bytes(), k.result()));
                }
            }
        }
    }

    /** A result another member saved. */
    void learned(Connection from, Message.ResultKnown m) {
        ResultTable.Key key = ResultTable.Key.read(m.key());
        if (key == null) {
            StealProtocol.protocolError(from, "a known result whose key is not a " + ResultTable.KEY_BYTES + "-byte digest");
            return;
        }
        results.learn(new ResultTable.Known(key, m.result()));
    }

    /** How many results this node knows from abandoned work. */
    int resultsKnown() {
        return results.size();
    }
}
