package satin.sim;

import static satin.stats.report.NodeCounter.*;

import java.util.Map;
import satin.stats.report.NodeCounter;

/**
 * What a simulated node did with the rest of the pool, counted as a real node counts it
 * ({@code satin.stats.PoolStats} and {@code satin.net.Traffic}) and written under the same names,
 * so that reports read simulated and real runs alike.
 */
final class Counters {

    long stealRequestsSent;
    long stealRepliesWithJob;
    long stealRepliesEmpty;
    long stealWaitNanos;
    long stealRequestsReceived;
    long jobsGiven;
    long chunkJobsGiven;
    long wanChunkJobsGiven;
    long resultsReceived;
    long resultsSent;
    long lanStealRequests;
    long lanSteals;
    long wanStealRequests;
    long wanSteals;
    long prefetchRequests;
    long prefetched;
    long stealRequestsPassedOn;
    long jobsPushed;
    long pushesReceived;
    long notesSent;
    long notesReceived;
    long lanMessagesSent;
    long lanMessagesReceived;
    long lanBytesSent;
    long lanBytesReceived;
    long wanMessagesSent;
    long wanMessagesReceived;
    long wanBytesSent;
    long wanBytesReceived;

    void sent(boolean wide, int bytes) {
        if (wide) {
            wanMessagesSent++;
            wanBytesSent += bytes;
        } else {
            lanMessagesSent++;
            lanBytesSent += bytes;
        }
    }

    void received(boolean wide, int bytes) {
        if (wide) {
            wanMessagesReceived++;
            wanBytesReceived += bytes;
        } else {
            lanMessagesReceived++;
            lanBytesReceived += bytes;
        }
    }

    /** Every counter, under the real report's names. */
    void into(Map<NodeCounter, Long> c) {
        c.put(REMOTE_STEAL_REQUESTS, stealRequestsSent);
        c.put(REMOTE_STEALS, stealRepliesWithJob);
        c.put(REMOTE_STEALS_EMPTY, stealRepliesEmpty);
        c.put(STEAL_WAIT_NANOS, stealWaitNanos);
        c.put(STEAL_REQUESTS_RECEIVED, stealRequestsReceived);
        c.put(JOBS_GIVEN, jobsGiven);
        c.put(CHUNK_JOBS_GIVEN, chunkJobsGiven);
        c.put(WAN_CHUNK_JOBS_GIVEN, wanChunkJobsGiven);
        c.put(RESULTS_SENT, resultsSent);
        c.put(RESULTS_RECEIVED, resultsReceived);
        c.put(LAN_STEAL_REQUESTS, lanStealRequests);
        c.put(LAN_STEALS, lanSteals);
        c.put(WAN_STEAL_REQUESTS, wanStealRequests);
        c.put(WAN_STEALS, wanSteals);
        c.put(PREFETCH_REQUESTS, prefetchRequests);
        c.put(PREFETCHED, prefetched);
        c.put(STEAL_REQUESTS_PASSED_ON, stealRequestsPassedOn);
        c.put(JOBS_PUSHED, jobsPushed);
        c.put(PUSHES_RECEIVED, pushesReceived);
        c.put(NOTES_SENT, notesSent);
        c.put(NOTES_RECEIVED, notesReceived);
        c.put(MESSAGES_SENT, lanMessagesSent + wanMessagesSent);
        c.put(MESSAGES_RECEIVED, lanMessagesReceived + wanMessagesReceived);
        c.put(BYTES_SENT, lanBytesSent + wanBytesSent);
        c.put(BYTES_RECEIVED, lanBytesReceived + wanBytesReceived);
        c.put(LAN_MESSAGES_SENT, lanMessagesSent);
        c.put(LAN_MESSAGES_RECEIVED, lanMessagesReceived);
        c.put(LAN_BYTES_SENT, lanBytesSent);
        c.put(LAN_BYTES_RECEIVED, lanBytesReceived);
        c.put(WAN_MESSAGES_SENT, wanMessagesSent);
        c.put(WAN_MESSAGES_RECEIVED, wanMessagesReceived);
        c.put(WAN_BYTES_SENT, wanBytesSent);
        c.put(WAN_BYTES_RECEIVED, wanBytesReceived);
    }
}
