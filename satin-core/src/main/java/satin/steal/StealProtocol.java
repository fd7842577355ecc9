package satin.steal;

import java.lang.System.Logger.Level;
import satin.codec.JobCodec;
import satin.lb.LoadBalancer;
import satin.net.Connection;
import satin.net.Message;
import satin.runtime.Lineage;
import satin.runtime.Node;
import satin.stats.PoolStats;

/**
 * Jobs between nodes: steal requests and their replies, pushed jobs, and results. This class
 * directs the parts and routes each message to the one it concerns: the pool sees the protocol
 * here only.
 *
 * <p>A victim takes the oldest job one of its workers offers (as a local thief would), remembers
 * it under a job number, and sends it; the thief runs a copy (call by value) and sends back the
 * result or the failure, which the owner stores into the original record before it tells the
 * waiting sync. A result is applied once: the job number is forgotten when it is, and a result for
 * an unknown number, or from a connection that was not given the job, is ignored and logged. If
 * the connection a job went on closes before its result came, the job runs again here. A job the
 * thief cannot read (or whose result it cannot write) it declines, and a result this node cannot
 * read is dropped: either way the job runs again here, kept here from then on, with one logged
 * line saying why. Nothing is lost. The {@link Thief}, the {@link Victim} and the
 * {@link AwayTable} are those three roles; what the jobs from elsewhere that this node holds
 * become when their owner goes is {@link Orphans}'s.
 */
public final class StealProtocol {

    private static final System.Logger LOG = System.getLogger("satin.pool");

    private final Orphans orphans;
    private final AwayTable away;
    private final Thief thief;
    private final Victim victim;

    /**
     * What the protocol needs to know of its node's settings.
     *
     * @param node                the node's name, for the log
     * @param maxFrame            the longest frame a job may travel in, in bytes
     * @param failureTimeoutNanos how long a member may be silent before it is declared dead
     */
    public record Settings(String node, int maxFrame, long failureTimeoutNanos) {
    }

    public StealProtocol(Peers peers, Settings settings, Node node, JobCodec codec, LoadBalancer balancer,
            PoolStats stats) {
        this.orphans = new Orphans(peers, settings, node, stats, this::passOnAbandonment, this::passOnCancel);
        this.away = new AwayTable(peers, settings, node, codec, balancer, orphans, stats);
        this.thief = new Thief(peers, settings, node, codec, balancer, orphans, stats);
        this.victim = new Victim(peers, settings, node, codec, balancer, thief, away, orphans, stats);
    }

    // ------------------------------------------------------------------ what the pool asks of it

    public void ask(int victim, boolean prefetch) {
        thief.ask(victim, prefetch);
    }

    /** {@link #ask(int, boolean)} over a link got earlier (which may have gone since), or none. */
    public void ask(Route link, int victim, boolean prefetch) {
        thief.ask(link, victim, prefetch);
    }

    /** Sends this node's oldest job, unasked, to {@code target}; false if there was none to send. */
    public boolean push(int target) {
        return victim.push(target);
    }

    /** {@link #push(int)} into a link got earlier, which may have gone since. */
    public boolean push(Route link, int target) {
        return victim.push(link, target);
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

    /**
     * A job of this node's was cancelled, an earlier spawn of its invocation having failed
     * (docs/decisions/0052): what of its work was given away is abandoned where it went (the
     * Abandon message of orphans, to the member it went to), and its record here is finished.
     */
    public void cancelled(Lineage work) {
        away.passOnCancel(work, null);
    }

    /** How many results this node knows from abandoned work. */
    public int resultsKnown() {
        return orphans.resultsKnown();
    }

    /** Orphans hears of abandoned work before the table that knows where its jobs went exists. */
    private void passOnAbandonment(Lineage work, RemoteJob root) {
        away.passOnAbandonment(work, root);
    }

    private void passOnCancel(Lineage work, RemoteJob root) {
        away.passOnCancel(work, root);
    }

    // ------------------------------------------------------------------ where messages and losses come from

    /** A message on a link this node opened. */
    public void onLink(Connection c, Message m) {
        if (m instanceof Message.StealReply r) {
            thief.stealReply(c, r);
        } else if (m instanceof Message.Result r) {
            away.result(c, r); // of a job this node pushed over the link
        } else if (m instanceof Message.PushReceived r) {
            away.delivered(r.job());
        } else if (m instanceof Message.Declined d) {
            away.declined(c, d); // a job this node pushed over the link, or a stolen one it could not read
        } else if (m instanceof Message.Abandon a) {
            orphans.abandoned(c, a); // a job stolen over the link
        } else if (m instanceof Message.Cancel k) {
            orphans.cancelled(c, k.job()); // a job stolen over the link
        } else {
            protocolError(c, "a " + m.type() + " message on a link to a victim");
        }
    }

    /** A message on a connection another node opened to this one, from a member the registry announced. */
    public void onAccepted(Connection c, Message m) {
        if (m instanceof Message.StealRequest r) {
            victim.stealRequest(c, r);
        } else if (m instanceof Message.Result r) {
            away.result(c, r);
        } else if (m instanceof Message.Push p) {
            thief.pushed(c, p);
        } else if (m instanceof Message.Declined d) {
            away.declined(c, d); // a result this node's thief could not send
        } else if (m instanceof Message.Abandon a) {
            orphans.abandoned(c, a); // a job pushed to this node
        } else if (m instanceof Message.Cancel k) {
            orphans.cancelled(c, k.job()); // a job pushed to this node
        } else if (m instanceof Message.ResultKnown k) {
            orphans.learned(c, k);
        } else {
            protocolError(c, "a " + m.type() + " message from another node");
        }
    }

    /** Logged, and the connection closed: what it sent makes no sense here. */
    public static void protocolError(Connection c, String what) {
        LOG.log(Level.WARNING, "closing {0}: {1}", c, what);
        c.close();
    }

    /** A link closed or never connected: its requests are unanswered, its jobs run here again. */
    public void linkGone(Route link, Connection c) {
        thief.giveUpRequestsTo(link.member());
        away.runAgainSentOn(link);
        if (c != null) {
            orphans.ownerGone(c);
        }
    }

    /** A connection another node opened closed: the jobs it took run here again, the ones it pushed are orphans. */
    public void acceptedGone(Connection c) {
        away.runAgainTakenBy(c);
        orphans.ownerGone(c);
    }

    /** A member left the pool: no reply will come from it. */
    public void memberGone(int member) {
        thief.giveUpRequestsTo(member);
    }
}
