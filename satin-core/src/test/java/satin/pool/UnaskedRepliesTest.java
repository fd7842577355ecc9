package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import satin.codec.Allowlist;
import satin.codec.Decoding;
import satin.codec.JobCodec;
import satin.lb.RandomStealing;
import satin.net.Liveness;
import satin.net.LogCapture;
import satin.net.Message;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * A steal reply to a request the thief never sent is no reply: its job is declined, so that the
 * member that sent it runs it itself (nothing is lost), with one logged line, and the thief goes
 * on asking as before. It used to run whatever came that way, a push channel to a balancer that
 * takes no pushes.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UnaskedRepliesTest {

    private static final String SECRET = "secret";
    private static final long WAIT_SECONDS = 10;
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final String pool = "unasked-" + RUNS.incrementAndGet();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture poolLog = LogCapture.of("satin.pool");
    private final Liveness.Settings liveness = Liveness.Settings.of(TimeUnit.SECONDS.toNanos(20));

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        poolLog.close();
    }

    @Test
    void aReplyToARequestNeverSentIsDeclinedAndLogged() throws Exception {
        Registry registry = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry", null,
                liveness);
        open.add(registry);
        Faults.FakeMember victim = Faults.FakeMember.join(pool, SECRET, "c0", registry.address(), "victim",
                "local://" + pool + "/victim", liveness);
        open.add(victim);
        BlockingQueue<Message> back = new LinkedBlockingQueue<>();
        AtomicBoolean sent = new AtomicBoolean();
        JobCodec codec = new JobCodec(Allowlist.forProgram());
        byte[] job = Decoding.encode("a job", () -> codec.writeJob(new Summing$$Spawn0(new Summing(20, 0), 0, 10)));
        victim.listen(liveness, (c, m) -> {
            if (m instanceof Message.StealRequest r) {
                if (sent.compareAndSet(false, true)) {
                    c.send(new Message.StealReply(r.request() + 1_000_000, 77, job)); // to a request not sent
                }
                c.send(new Message.StealReply(r.request(), 0, null));
            } else {
                back.add(m);
            }
        });
        PoolNode thief = PoolNode.join(PoolConfig.of(pool, SECRET, pool + "-thief", "c0", "local://" + pool + "/thief",
                registry.address(), true).withFailureTimeout(20_000), NodeConfig.defaults(), new RandomStealing(),
                Allowlist.forProgram());
        open.add(thief);
        Message answer = back.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(answer instanceof Message.Declined, "the job goes back to its owner: " + answer);
        Message.Declined d = (Message.Declined) answer;
        assertEquals(77, d.job());
        assertTrue(d.reason().contains("a steal reply to request") && d.reason().contains("which was never sent"),
                d.reason());
        String line = poolLog.await("declines job 77", WAIT_SECONDS);
        assertTrue(line.contains("which was never sent"), line);
        assertEquals(0, thief.poolStats().stealRepliesWithJob.get(), "no job came of it");
    }
}
