package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pool that formed before its root job came ({@link SimConfig#formedNanos}): what its idle nodes
 * asked for is in place when the root comes, and what they counted while idle is not the run's.
 */
class FormationTest {

    private static final long MS = 1_000_000;
    private static final long FORMED = 1_000 * MS;
    /** Two clusters of 4: LL's lifeline graph links node 4, in the second, to the master. */
    private static final SimConfig LL = SimConfig.of(Topology.grid(2, 4), SimulationTest.synthetic(4, 5, 2000), "LL",
            "100ms/1000KB/s").withSeed(3);

    @Test
    void aFormedPoolsLifelineRequestsWaitAtTheMasterWhenTheRootComes(@TempDir Path dir) throws IOException {
        long cold = firstBusyInTheSecondCluster(SimulationTest.run(LL), dir);
        long formed = firstBusyInTheSecondCluster(SimulationTest.run(LL.formedFor(FORMED)), dir);
        // formed: the master pushes to its waiting remote requester at once, one latency away;
        // cold: the requester's note must first cross to the master, then the job back
        assertTrue(formed >= 100 * MS && formed < 150 * MS, "first busy in the second cluster at " + formed + " ns");
        assertTrue(cold >= 200 * MS, "first busy in the second cluster at " + cold + " ns without formation");
    }

    @Test
    void whatTheIdlePoolDidBeforeTheRootIsNotCounted() {
        SimConfig rs = SimConfig.of(Topology.grid(2, 4), SimulationTest.synthetic(4, 3, 500), "RS", "10ms/1000KB/s");
        SimResult cold = SimulationTest.run(rs);
        SimResult formed = SimulationTest.run(rs.formedFor(FORMED));
        assertEquals(cold.jobs(), formed.jobs());
        int nodes = rs.topology().nodes();
        // a second of asking by 7 idle nodes is thousands of requests and 7 s of idle time
        assertTrue(formed.total("idleNanos") <= nodes * formed.runNanos(), formed.total("idleNanos") + " ns idle");
        assertTrue(formed.total("remoteStealRequests") < 3 * cold.total("remoteStealRequests") + 50,
                formed.total("remoteStealRequests") + " requests counted, against " + cold.total("remoteStealRequests")
                        + " in a cold run");
        assertTrue(formed.total("wanMessagesSent") < 3 * cold.total("wanMessagesSent") + 50);
    }

    @Test
    void aFormedRunIsStillOneRunPerSeed() {
        SimConfig c = LL.formedFor(FORMED);
        SimResult a = SimulationTest.run(c);
        SimResult b = SimulationTest.run(c);
        assertEquals(a.runNanos(), b.runNanos());
        assertEquals(a.events(), b.events());
        assertEquals(a.total("jobsPushed"), b.total("jobsPushed"));
    }

    /** When a node of the second cluster first became busy, from the statistics' activity traces. */
    private static long firstBusyInTheSecondCluster(SimResult r, Path dir) throws IOException {
        Path file = dir.resolve("stats-" + System.nanoTime() + ".json");
        r.writeStats(file, Map.of("pool", "p"));
        List<String> nodes = Files.readAllLines(file).subList(1, 1 + r.config().topology().nodes());
        long first = Long.MAX_VALUE;
        Pattern busy = Pattern.compile("\\[(\\d+),1\\]");
        for (String node : nodes.subList(4, 8)) {
            Matcher m = busy.matcher(node);
            if (m.find()) {
                first = Math.min(first, Long.parseLong(m.group(1)));
            }
        }
        return first;
    }
}
