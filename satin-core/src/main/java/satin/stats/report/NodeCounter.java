package satin.stats.report;

import java.util.Locale;

/**
 * The counters of one node's report in {@code stats.json}, in the order the file lists them: one
 * list for real and simulated nodes, so that a reader knows every name either may write. A node
 * leaves out what it does not count (a simulated node has no heartbeats, a real one no
 * {@code stolenFromMe}); each writes the rest under the same name.
 */
public enum NodeCounter {
    SPAWNS, JOBS_RUN, LOCAL_STEAL_ATTEMPTS, LOCAL_STEALS, SYNC_WAITS, SYNC_WAIT_NANOS, SYNC_IDLE_NANOS, IDLE_NANOS,
    /** Real nodes only: spawns cancelled because an earlier spawn of their invocation failed (decision 0052). */
    JOBS_CANCELLED,
    /** Simulated nodes only: jobs of this node's that others stole, and jobs it ran for others. */
    STOLEN_FROM_ME, JOBS_RUN_FOR_OTHERS,
    REMOTE_STEAL_REQUESTS, REMOTE_STEALS, REMOTE_STEALS_EMPTY, STEAL_WAIT_NANOS, STEAL_REQUESTS_RECEIVED, JOBS_GIVEN,
    CHUNK_JOBS_GIVEN, WAN_CHUNK_JOBS_GIVEN, RESULTS_SENT, RESULTS_RECEIVED,
    /** Real nodes only: what failures cost. */
    JOBS_RERUN, JOBS_REFUSED, FAILURES_DETECTED, DETECTION_NANOS, JOBS_ABANDONED, JOBS_THROWN_AWAY,
    ORPHAN_RESULTS_KEPT, ORPHAN_RESULTS_REUSED,
    LAN_STEAL_REQUESTS, LAN_STEALS, WAN_STEAL_REQUESTS, WAN_STEALS, PREFETCH_REQUESTS, PREFETCHED,
    STEAL_REQUESTS_PASSED_ON, JOBS_PUSHED, PUSHES_RECEIVED, NOTES_SENT, NOTES_RECEIVED,
    /** Traffic: the totals, then (real nodes only) heartbeats, then the LAN and the WAN parts. */
    MESSAGES_SENT, MESSAGES_RECEIVED, BYTES_SENT, BYTES_RECEIVED, HEARTBEATS_SENT, HEARTBEATS_RECEIVED,
    LAN_MESSAGES_SENT, LAN_MESSAGES_RECEIVED, LAN_BYTES_SENT, LAN_BYTES_RECEIVED,
    WAN_MESSAGES_SENT, WAN_MESSAGES_RECEIVED, WAN_BYTES_SENT, WAN_BYTES_RECEIVED;

    private final String key = camel(name());

    /** The counter's name in the file, {@code lanMessagesSent} for {@code LAN_MESSAGES_SENT}. */
    public String key() {
        return key;
    }

    private static String camel(String constant) {
        StringBuilder b = new StringBuilder(constant.length());
        for (String word : constant.toLowerCase(Locale.ROOT).split("_")) {
            b.append(b.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return b.toString();
    }
}
