package satin.apps.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import satin.apps.AppHarness;
import satin.apps.nqueens.NQueens;
import satin.record.SpawnTree;
import satin.record.TreeBuilder;
import satin.record.TreeFile;
import satin.record.TreeRecorder;
import satin.runtime.Node;
import satin.runtime.NodeConfig;

/**
 * Recording a rewritten application and replaying its tree: the tree has a call for every spawn
 * the runtime counted, the replay returns the recording's checksum sequentially and on two
 * workers, and a replay recorded in turn has the recorded shape and sizes in bytes.
 */
class ReplayTest {

    @TempDir
    Path dir;

    /** Runs {@code program} on a node of one worker in recording mode, nothing folded; returns its tree. */
    private static SpawnTree record(Callable<?> program, long[] spawnsCounted) throws Exception {
        System.setProperty("satin.record", "true");
        System.setProperty("satin.record.foldMicros", "0");
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(1).withByValue(true))) {
            TreeRecorder recorder = TreeRecorder.active();
            recorder.reset();
            node.call(program);
            spawnsCounted[0] = node.statistics().total().spawns();
            return recorder.tree("test");
        } finally {
            System.clearProperty("satin.record");
            System.clearProperty("satin.record.foldMicros");
        }
    }

    @Test
    void aRecordedApplicationHasACallForEverySpawnAndReplaysToItsChecksum() throws Exception {
        long[] spawns = new long[1];
        SpawnTree tree = record(() -> new NQueens(3).count(8), spawns);
        assertEquals(spawns[0], tree.size() - 1, "calls recorded besides the root, against the spawns the runtime counted");
        assertTrue(tree.size() > 50, "nqueens 8 spawning in 3 rows: " + tree.summary());
        for (int i = 1; i < tree.size(); i++) {
            assertTrue(tree.argBytes(i) > 0 && tree.resultBytes(i) > 0, "call " + i + " has sizes");
        }
        Path file = dir.resolve("nqueens.tree");
        TreeFile.write(tree, file);

        String sequential = (String) AppHarness.sequential(Replay.class.getName()).getMethod("run", String[].class)
                .invoke(null, (Object) new String[] {file.toString(), "--no-wait"});
        assertTrue(sequential.endsWith("checksum " + Long.toHexString(tree.checksum()) + " as recorded"), sequential);
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            assertEquals(sequential, node.call(() -> Replay.run(file.toString(), "0.01")));
        }
    }

    @Test
    void aReplayRecordedInTurnHasTheRecordedShapeAndBytes() throws Exception {
        SpawnTree tree = handMade();
        Path file = dir.resolve("made.tree");
        TreeFile.write(tree, file);
        SpawnTree again = record(() -> new Replay(file.toString(), 1, false).replay(), new long[1]);
        assertEquals(tree.size(), again.size());
        for (int i = 1; i < tree.size(); i++) {
            assertEquals(tree.childCount(i), again.childCount(i), "children of call " + i);
            assertEquals(tree.segmentCount(i), again.segmentCount(i), "segments of call " + i);
            assertEquals(tree.group(i), again.group(i), "group of call " + i);
            assertEquals(tree.argBytes(i), again.argBytes(i), 2, "job bytes of call " + i);
            assertEquals(tree.resultBytes(i), again.resultBytes(i), 2, "result bytes of call " + i);
        }
    }

    @Test
    void workBetweenTwoSpawnsIsReplayedBetweenThemSoTheFirstChildCanRunMeanwhile() throws Exception {
        long between = 40_000_000;
        TreeBuilder b = new TreeBuilder(0, 64, 100);
        b.resume(0);
        Object walk = spawnAndStart(b, 100);
        Object first = b.spawn(100);
        b.pause(between); // the walk goes on for 40 ms before it hands off again
        Object second = b.spawn(100);
        b.resume(between);
        b.start(second);
        b.finish(second, 10);
        b.start(first);
        b.finish(first, 10);
        b.finish(walk, 10);
        Path file = dir.resolve("walk.tree");
        TreeFile.write(b.build("walk"), file);

        SpawnTree replayed = record(() -> new Replay(file.toString(), 1, true).replay(), new long[1]);
        int w = replayed.child(0, 0);
        assertEquals(4, replayed.segmentCount(w), "before each spawn, before the sync, after it");
        assertTrue(replayed.segment(w, 1) >= between * 9 / 10 && replayed.segment(w, 0) < between * 9 / 10,
                "the 40 ms were waited after the first spawn: " + replayed.segment(w, 0) + " ns before it, "
                        + replayed.segment(w, 1) + " ns after it");
    }

    /** A root spawning a call of two groups (jobs of 300 and 5,000 bytes), and one with a 2,000-byte result. */
    private static SpawnTree handMade() {
        TreeBuilder b = new TreeBuilder(0, 64, 100);
        b.resume(0);
        Object a = spawnAndStart(b, 300);
        Object a1 = b.spawn(5_000);
        b.start(a1);
        b.finish(a1, 50);
        Object a2 = b.spawn(400);
        b.start(a2);
        b.finish(a2, 60);
        b.finish(a, 70);
        Object c = spawnAndStart(b, 200);
        b.finish(c, 2_000);
        return b.build("hand-made");
    }

    private static Object spawnAndStart(TreeBuilder b, int bytes) {
        Object h = b.spawn(bytes);
        b.start(h);
        return h;
    }

    @Test
    void aMissingOrBadTreeFileIsNamed() throws IOException {
        Path missing = dir.resolve("missing.tree");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Replay.checkArguments(missing.toString()));
        assertEquals("FILE " + missing + ": no such file", refused.getMessage());
        Path bad = Files.writeString(dir.resolve("bad.tree"), "not a tree");
        refused = assertThrows(IllegalArgumentException.class, () -> Replay.checkArguments(bad.toString()));
        assertTrue(refused.getMessage().startsWith("FILE " + bad), refused.getMessage());
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Replay.run(bad.toString()));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Replay.checkArguments(bad.toString(), "fast"));
    }

    @Test
    void recordTreeWritesATreeBroughtToThePlainRunThatReplaysToItsChecksum() throws Exception {
        Path file = dir.resolve("nqueens.tree");
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), RecordTree.class.getName(), "nqueens", "9", "2", "--out", file.toString(),
                "--warmup", "0", "--fold-us", "0").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        SpawnTree tree = TreeFile.read(file);
        assertTrue(tree.description().startsWith("nqueens 9 2 (folded below 0 us") && tree.description().contains("plain run"),
                tree.description());
        int secondRows = 0; // placements of the second queen that the first does not attack
        for (int c0 = 0; c0 < 9; c0++) {
            for (int c1 = 0; c1 < 9; c1++) {
                secondRows += Math.abs(c0 - c1) > 1 ? 1 : 0;
            }
        }
        assertEquals(1 + 9 + secondRows, tree.size(), "the root, a call for each first row, one for each safe second: " + tree.summary());
        try (Node node = Node.start(NodeConfig.defaults().withWorkers(2))) {
            String replay = node.call(() -> Replay.run(file.toString(), "0.1"));
            assertTrue(replay.endsWith("as recorded"), replay);
        }
    }
}
