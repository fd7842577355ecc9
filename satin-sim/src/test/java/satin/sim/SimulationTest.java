package satin.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {

    private static final String KEYS = "remoteStealRequests remoteSteals wanMessagesSent lanMessagesSent lanBytesSent"
            + " wanBytesSent idleNanos syncIdleNanos jobsGiven resultsReceived spawns jobsRun";

    static SimResult run(SimConfig c) {
        return new Simulation(c).run(null, Long.MAX_VALUE);
    }

    static RegularTree synthetic(int fanOut, int depth, long leafMicros) {
        return TestTrees.synthetic(fanOut, depth, leafMicros);
    }

    @Test
    void oneNodeTakesExactlyTheSumOfTheLeafTimes() {
        RegularTree w = synthetic(3, 5, 700);
        SimResult r = run(SimConfig.of(Topology.grid(1, 1), w, "RS", "none"));
        assertTrue(r.finished());
        assertEquals(w.work(), r.runNanos());
        assertEquals(w.size(), r.jobs());
        assertEquals(0, r.messages());
    }

    @Test
    void twoWorkersOfOneNodeShareTheWorkThroughTheirDeques() {
        RegularTree w = synthetic(4, 5, 1000);
        Topology t = new Topology(List.of(new Topology.Cluster("solo", 1, 2)));
        SimResult r = run(SimConfig.of(t, w, "RS", "none"));
        assertEquals(w.size(), r.jobs());
        assertTrue(r.total("localSteals") > 0);
        assertTrue(r.runNanos() < 0.55 * w.work(), r.runNanos() + " against " + w.work() + " of work");
        assertTrue(r.runNanos() >= w.work() / 2);
    }

    @Test
    void chsPassesRequestsOnThroughItsTreesAndEveryJobPassedOnComesBack() {
        RegularTree w = synthetic(4, 5, 1000);
        SimResult r = run(SimConfig.of(Topology.grid(4, 4), w, "CHS", "5ms/100KB/s/1ms").withSeed(7));
        assertTrue(r.finished());
        assertEquals(w.size(), r.jobs(), "every leaf and inner call ran once");
        assertTrue(r.total("stealRequestsPassedOn") > 0);
        long moved = r.total("lanSteals") + r.total("wanSteals");
        assertEquals(r.total("jobsGiven"), moved, "every job given was received once, hop by hop");
        assertEquals(moved, r.total("resultsReceived"), "and its result came back the same way");
    }

    @Test
    void rpPushesEachJobAtMostOnceAndRunsWhatWasPushedToIt() {
        // jobs pushed on again from busy queues were pushed thousands of times each here (decision 0017)
        RegularTree w = synthetic(4, 5, 40_000);
        SimResult r = run(SimConfig.of(Topology.grid(1, 16), w, "RP", "none").withSeed(5));
        assertEquals(w.size(), r.jobs());
        long pushed = r.total("jobsPushed");
        assertTrue(pushed > 0 && pushed < w.size(), pushed + " pushes of " + w.size() + " jobs");
        assertEquals(pushed, r.total("pushesReceived"));
    }

    @Test
    void oneSeedGivesOneRun() {
        SimConfig c = SimConfig.of(Topology.grid(4, 4), synthetic(4, 5, 2000), "CRS", "5ms/100KB/s/1ms").withSeed(42);
        assertEquals(fingerprint(run(c)), fingerprint(run(c)));
        assertNotEquals(fingerprint(run(c)), fingerprint(run(c.withSeed(43))));
    }

    private static String fingerprint(SimResult r) {
        StringBuilder b = new StringBuilder().append(r.runNanos()).append(' ').append(r.events()).append(' ')
                .append(r.messages());
        for (String k : KEYS.split(" ")) {
            b.append(' ').append(k).append('=').append(r.total(k));
        }
        return b.toString();
    }

    @Test
    void aRunThatDoesNotEndInTimeSaysSo() {
        SimConfig c = SimConfig.of(Topology.grid(1, 2), synthetic(2, 4, 10_000), "RS", "none");
        SimResult r = run(new SimConfig(c.topology(), c.workload(), c.balancer(), c.wan(), c.lan(), c.seed(), c.offered(),
                c.idle(), 50_000_000, c.traceLimit(), c.formedNanos()));
        assertTrue(!r.finished());
        assertTrue(r.summary().contains("NOT FINISHED"), r.summary());
    }
}
