package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.lb.Balancers;
import satin.lb.StealHalfJvm;
import satin.net.Message;
import satin.stats.PoolStats;

/**
 * {@link FailureTest}'s failures with steal-half. Runs where the deques offer chunks: satin-core's
 * pom runs it in a JVM of its own with {@code -Dsatin.stealChunk=half}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@StealHalfJvm
class StealHalfFailureTest {

    /** A thief that dies holding a chunk (each job of it a reply of its own): every job of it runs again at its owner, once. */
    @Test
    void aThiefThatDiesWithAChunkHasEveryJobOfItRunAgainAtItsOwner() throws Exception {
        try (FailureTest.Pool pool = new FailureTest.Pool("chunk", FailureTest.CALM_MILLIS)) {
            Faults.FakeMember thief = pool.fake("thief", "c", "local://" + pool.name + "/nowhere");
            PoolNode victim = pool.local(Balancers.parse("RS:chunk=half").get()).get(0);
            Faults.Peer link = thief.link(victim.address(), FailureTest.MUTE);
            long n = 32_000; // 640 leaves of 2 ms: time for the thief to find a chunk
            Future<Long> run = Faults.start("the run", () -> victim.node().call(() -> new Summing(50, 2_000_000).sum(0, n)));
            Faults.await("the victim to spawn", 20, () -> victim.node().queuedJobs() > 3);
            PoolStats s = victim.poolStats();
            for (long request = 1; s.chunkJobsGiven.get() == 0; request++) { // until a reply held more than one job
                assertTrue(request < 1000 && !run.isDone(), "the thief stole a chunk before the run ended");
                link.send(new Message.StealRequest(request));
                link.next(Message.StealReply.class, 10);
            }
            link.close();
            assertEquals(Summing.sequential(0, n), Faults.finish("the run", run, FailureTest.RUN_SECONDS));
            assertEquals(s.jobsGiven.get(), s.jobsRerun.get(), "every job of the chunk ran again, once");
            assertEquals(0, s.resultsReceived.get());
        }
    }
}
