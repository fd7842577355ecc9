package satin.stats;

import java.util.concurrent.atomic.AtomicLong;

/** What a node did with the rest of the pool: steals asked and answered, jobs and results that travelled. */
public final class PoolStats {

    public final AtomicLong stealRequestsSent = new AtomicLong();
    public final AtomicLong stealRepliesWithJob = new AtomicLong();
    public final AtomicLong stealRepliesEmpty = new AtomicLong();
    /** Time between sending steal requests and their replies, summed. */
    public final AtomicLong stealWaitNanos = new AtomicLong();
    public final AtomicLong stealRequestsReceived = new AtomicLong();
    /** Thieves' requests that found nothing here and were passed on to another member (CHS). */
    public final AtomicLong stealRequestsPassedOn = new AtomicLong();
    public final AtomicLong jobsGiven = new AtomicLong();
    /** Jobs given beyond the first of a steal request's chunk ({@code satin.stealChunk}); in {@link #jobsGiven} too. */
    public final AtomicLong chunkJobsGiven = new AtomicLong();
    /** {@link #chunkJobsGiven} to thieves in other clusters. */
    public final AtomicLong wanChunkJobsGiven = new AtomicLong();
    public final AtomicLong resultsReceived = new AtomicLong();
    public final AtomicLong resultsSent = new AtomicLong();
    /** Jobs given away whose thief vanished, run here again. */
    public final AtomicLong jobsRerun = new AtomicLong();
    /**
     * Members this node found dead: declared by the registry, or silent on a connection for longer
     * than the failure timeout; and, for the silent ones, how long they had been silent, summed.
     */
    public final AtomicLong failuresDetected = new AtomicLong();
    public final AtomicLong detectionNanos = new AtomicLong();
    /** Jobs from elsewhere whose owner went, abandoned here with their subtrees. */
    public final AtomicLong jobsAbandoned = new AtomicLong();
    /** Jobs of abandoned subtrees found waiting here and thrown away unrun: work nobody needed any more. */
    public final AtomicLong jobsThrownAway = new AtomicLong();
    /**
     * Results of abandoned work saved here for reuse (and sent to every member), and calls that
     * were answered with a saved result instead of running again, here or by the node they went to.
     */
    public final AtomicLong orphanResultsKept = new AtomicLong();
    public final AtomicLong orphanResultsReused = new AtomicLong();
    /** Jobs a thief could not take because a class in them may not travel: run here instead. */
    public final AtomicLong jobsRefused = new AtomicLong();
    /** Steal requests and successful steals, inside this node's cluster and across the wide area. */
    public final AtomicLong lanStealRequests = new AtomicLong();
    public final AtomicLong lanSteals = new AtomicLong();
    public final AtomicLong wanStealRequests = new AtomicLong();
    public final AtomicLong wanSteals = new AtomicLong();
    /** Steal requests sent ahead of need (CLS), and the jobs they brought. */
    public final AtomicLong prefetchRequests = new AtomicLong();
    public final AtomicLong prefetched = new AtomicLong();
    /** Jobs pushed to other nodes (RP), and jobs pushed here. */
    public final AtomicLong jobsPushed = new AtomicLong();
    public final AtomicLong pushesReceived = new AtomicLong();
    /** Notes between balancers (CLS load reports). */
    public final AtomicLong notesSent = new AtomicLong();
    public final AtomicLong notesReceived = new AtomicLong();
    /** Round trips of steal requests, per victim: the distances balancers weigh victims by. */
    public final RoundTrips roundTrips = new RoundTrips();
    /** The jobs that moved between this node and others, with their times, for the run's timeline. */
    public final StealLog steals = new StealLog(StealLog.CAPACITY, IntervalCounts.INTERVALS);
}
