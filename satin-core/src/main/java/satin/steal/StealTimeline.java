package satin.steal;

import satin.net.Connection;
import satin.runtime.Node;
import satin.stats.PoolStats;
import satin.stats.StealLog;

/**
 * What the steal protocol tells its node's timeline: each job that moves, given or got, stolen or
 * pushed, and each steal request that brings none, with their times on the node's time line (its
 * {@link satin.runtime.ActivityTrace}'s). Nothing if the node records no timeline.
 */
final class StealTimeline {

    private final Node node;
    private final Peers peers;
    /** Null if the node records no timeline. */
    private final StealLog log;

    StealTimeline(Node node, Peers peers, PoolStats stats) {
        this.node = node;
        this.peers = peers;
        this.log = node.recordsTimeline() ? stats.steals : null;
    }

    /** Now on the node's time line, to pass back as a start; 0 if nothing is recorded. */
    long now() {
        return log == null ? 0 : node.activity().sinceOrigin();
    }

    /** This node gave job {@code job} to the thief on {@code thief}, whose request came at {@code since}. */
    void gave(Connection thief, long job, long since) {
        if (log != null) {
            log.record(StealLog.GAVE, peers.idOf(thief.peer().node()), job, since, now());
        }
    }

    /** A job this node's request to {@code victim} (-1: not known here) asked for at {@code sentNanos} (or 0: not known) came. */
    void got(int victim, long job, long sentNanos) {
        if (log != null) {
            long end = now();
            log.record(StealLog.GOT, victim, job, sentNanos == 0 ? end : node.activity().offsetOf(sentNanos), end);
        }
    }

    /** This node's request to {@code victim}, sent at {@code sentNanos}, brought no job. */
    void empty(int victim, long sentNanos) {
        if (log != null) {
            log.record(StealLog.EMPTY, victim, -1, node.activity().offsetOf(sentNanos), now());
        }
    }

    void pushed(int target, long job) {
        if (log != null) {
            long at = now();
            log.record(StealLog.PUSHED, target, job, at, at);
        }
    }

    void pushGot(Connection from, long job) {
        if (log != null) {
            long at = now();
            log.record(StealLog.PUSH_GOT, peers.idOf(from.peer().node()), job, at, at);
        }
    }
}
