package satin.sim;

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

    /** Appends {@code "name":value,} for every counter, under the real report's names. */
    void json(StringBuilder b) {
        field(b, "remoteStealRequests", stealRequestsSent);
        field(b, "remoteSteals", stealRepliesWithJob);
        field(b, "remoteStealsEmpty", stealRepliesEmpty);
        field(b, "stealWaitNanos", stealWaitNanos);
        field(b, "stealRequestsReceived", stealRequestsReceived);
        field(b, "jobsGiven", jobsGiven);
        field(b, "chunkJobsGiven", chunkJobsGiven);
        field(b, "wanChunkJobsGiven", wanChunkJobsGiven);
        field(b, "resultsSent", resultsSent);
        field(b, "resultsReceived", resultsReceived);
        field(b, "lanStealRequests", lanStealRequests);
        field(b, "lanSteals", lanSteals);
        field(b, "wanStealRequests", wanStealRequests);
        field(b, "wanSteals", wanSteals);
        field(b, "prefetchRequests", prefetchRequests);
        field(b, "prefetched", prefetched);
        field(b, "stealRequestsPassedOn", stealRequestsPassedOn);
        field(b, "jobsPushed", jobsPushed);
        field(b, "pushesReceived", pushesReceived);
        field(b, "notesSent", notesSent);
        field(b, "notesReceived", notesReceived);
        field(b, "messagesSent", lanMessagesSent + wanMessagesSent);
        field(b, "messagesReceived", lanMessagesReceived + wanMessagesReceived);
        field(b, "bytesSent", lanBytesSent + wanBytesSent);
        field(b, "bytesReceived", lanBytesReceived + wanBytesReceived);
        field(b, "lanMessagesSent", lanMessagesSent);
        field(b, "lanMessagesReceived", lanMessagesReceived);
        field(b, "lanBytesSent", lanBytesSent);
        field(b, "lanBytesReceived", lanBytesReceived);
        field(b, "wanMessagesSent", wanMessagesSent);
        field(b, "wanMessagesReceived", wanMessagesReceived);
        field(b, "wanBytesSent", wanBytesSent);
        field(b, "wanBytesReceived", wanBytesReceived);
    }

    static void field(StringBuilder b, String key, long value) {
        b.append('"').append(key).append("\":").append(value).append(',');
    }
}
