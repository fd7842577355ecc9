package satin.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import satin.codec.Allowlist;
import satin.lb.NoBalancing;
import satin.net.Liveness;
import satin.net.LogCapture;
import satin.net.Message;
import satin.registry.Registry;
import satin.runtime.NodeConfig;

/**
 * The statistics a member sends the master at the end of a run go into the run's statistics file
 * as they are: one that is not exactly one JSON object (a second, forged node after it; a nest
 * 100,000 deep that ends the reader of the file; text that is no JSON) is dropped with one logged
 * line, and the master reports the others.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ForgedStatisticsTest {

    private static final String SECRET = "secret";
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final String pool = "forged-stats-" + RUNS.incrementAndGet();
    private final List<AutoCloseable> open = new ArrayList<>();
    private final LogCapture log = LogCapture.of("satin.pool");
    private final Liveness.Settings liveness = Liveness.Settings.of(TimeUnit.SECONDS.toNanos(20));

    @AfterEach
    void closeEverything() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
        log.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"node\":2,\"name\":\"liar\"},{\"node\":99,\"name\":\"forged\"}", "[[[[[[[[[[[[[[[[[[[[",
        "{\"node\":2 \"name\":\"liar\"}", "not json"})
    void aReportThatIsNotOneJsonObjectIsDropped(String forged) throws Exception {
        Registry registry = Registry.start(PoolNode.transport(), pool, SECRET, "local://" + pool + "/registry", null,
                liveness);
        open.add(registry);
        PoolNode master = PoolNode.join(PoolConfig.of(pool, SECRET, pool + "-master", "c0", "local://" + pool + "/master",
                registry.address(), true).withFailureTimeout(20_000), NodeConfig.defaults(), new NoBalancing(),
                Allowlist.forProgram());
        open.add(master);
        Faults.FakeMember liar = Faults.FakeMember.join(pool, SECRET, "c0", registry.address(), "liar",
                "local://" + pool + "/liar", liveness);
        open.add(liar);
        Faults.await("the master to know 2 members", 10, () -> master.members().size() == 2);
        int liarId = master.members().stream().filter(m -> m.name().equals("liar")).findFirst().orElseThrow().id();
        master.endRun();
        liar.registry.next(Message.Stop.class, 10);
        String deep = forged.startsWith("[") ? "[".repeat(100_000) : forged;
        liar.registry.send(new Message.Statistics(liarId, deep));
        String line = log.await("ignores statistics", 10);
        assertTrue(line.contains("of member " + liarId) && line.contains("not one JSON object"), line);
        List<String> reports = master.gatherReports(1, TimeUnit.SECONDS);
        assertEquals(1, reports.size(), "the master's own");
        assertTrue(reports.get(0).contains("\"name\":\"" + pool + "-master\""), reports.get(0));
    }
}
