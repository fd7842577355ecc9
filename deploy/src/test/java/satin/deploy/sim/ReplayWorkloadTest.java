package satin.deploy.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.record.SpawnTree;
import satin.record.TreeBuilder;
import satin.record.TreeFile;
import satin.sim.SimConfig;
import satin.sim.SimResult;
import satin.sim.Simulation;
import satin.sim.Topology;
import satin.sim.Workload;

/** A recorded tree, read as the replay application reads it, as the simulator's workload: its jobs, its work, its sizes, and how it spreads. */
class ReplayWorkloadTest {

    @TempDir
    Path dir;

    private long now;

    /** A binary tree of {@code depth} levels below the root's call; leaves compute 1 ms plus their number's microseconds. */
    private SpawnTree binary(int depth) {
        TreeBuilder b = new TreeBuilder(0, 64, 1 << 20);
        b.resume(now);
        grow(b, depth, new int[1]);
        b.pause(now);
        return b.build("binary " + depth);
    }

    private void grow(TreeBuilder b, int depth, int[] leaves) {
        b.pause(now);
        run(b, b.spawn(100 + depth), depth, leaves);
    }

    /** A call that computes 5 us, spawns two and syncs them, as one worker runs it: the newest first. */
    private void run(TreeBuilder b, Object call, int depth, int[] leaves) {
        b.pause(now);
        b.start(call);
        b.resume(now);
        if (depth == 0) {
            now += 1_000_000 + 1_000 * leaves[0]++;
        } else {
            now += 5_000;
            b.pause(now);
            Object left = b.spawn(100 + depth - 1);
            Object right = b.spawn(100 + depth - 1);
            run(b, right, depth - 1, leaves);
            run(b, left, depth - 1, leaves);
        }
        b.pause(now);
        b.finish(call, 20);
        b.resume(now);
    }

    private static SimResult run(SimConfig c) {
        return new Simulation(c).run(null, Long.MAX_VALUE);
    }

    private Path written(SpawnTree t) throws IOException {
        Path f = dir.resolve("t.tree");
        TreeFile.write(t, f);
        return f;
    }

    @Test
    void oneNodeTakesTheRecordedWorkTimesTheScale() throws IOException {
        SpawnTree t = binary(6);
        Workload w = Workloads.of(Workloads.REPLAY, List.of(written(t).toString(), "2"), -1);
        SimResult r = run(SimConfig.of(Topology.grid(1, 1), w, "RS", "none"));
        assertTrue(r.finished());
        assertEquals(t.size(), r.jobs());
        assertEquals(2 * t.totalNanos(), r.runNanos());
    }

    @Test
    void jobsAndResultsHaveTheMeanRecordedSize() throws IOException {
        SpawnTree t = binary(3);
        Workload w = Workloads.of(Workloads.REPLAY, List.of(written(t).toString()), -1);
        long sum = 0;
        for (int i = 1; i < t.size(); i++) {
            sum += t.argBytes(i);
        }
        assertEquals(sum / (t.size() - 1), w.jobBytes());
        assertEquals(20, w.resultBytes());
    }

    @Test
    void sixteenNodesInFourClustersShareItAndNeverBeatTheCriticalPath() throws IOException {
        SpawnTree t = binary(9);
        Workload w = Workloads.of(Workloads.REPLAY, List.of(written(t).toString()), -1);
        SimResult r = run(SimConfig.of(Topology.grid(4, 4), w, "CRS", "5ms/100KB/s/1ms").withSeed(7));
        assertTrue(r.finished());
        assertEquals(t.size(), r.jobs());
        assertTrue(r.runNanos() >= t.criticalPathNanos(), r.runNanos() + " against a critical path of " + t.criticalPathNanos());
        assertTrue(r.runNanos() < t.totalNanos() / 4, r.runNanos() + " against " + t.totalNanos() + " of work on 16 nodes");
    }

    @Test
    void aBadTreeIsRefusedNamingTheFile() {
        Path missing = dir.resolve("none.tree");
        RuntimeException e = assertThrows(RuntimeException.class, () -> Workloads.of(Workloads.REPLAY, List.of(missing.toString()), -1));
        assertTrue(e.getMessage().contains("none.tree"), e.getMessage());
    }
}
