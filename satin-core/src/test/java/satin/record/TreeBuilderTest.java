package satin.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The builder fed events with explicit clock readings, as the recorder feeds it: own times split
 * around syncs, the recorder's own time left out, folding by time and depth.
 */
class TreeBuilderTest {

    /** A clock the test moves: each event is a pause and a resume, the recorder taking 1000 ns in between. */
    private long now;

    private void event(TreeBuilder b, Runnable what) {
        b.pause(now);
        what.run();
        now += 1_000;
        b.resume(now);
    }

    private Object spawn(TreeBuilder b, int bytes) {
        Object[] h = new Object[1];
        event(b, () -> h[0] = b.spawn(bytes));
        return h[0];
    }

    /** A call spawned and started at once, as the sync runs it. */
    private Object spawnAndStart(TreeBuilder b, int bytes) {
        Object h = spawn(b, bytes);
        event(b, () -> b.start(h));
        return h;
    }

    /** A call that computes {@code nanos} and returns {@code bytes}. */
    private void leaf(TreeBuilder b, Object h, long nanos, int bytes) {
        event(b, () -> b.start(h));
        now += nanos;
        event(b, () -> b.finish(h, bytes));
    }

    @Test
    void ownTimesAreSplitAroundSyncsAndTheRecordersTimeIsLeftOut() {
        TreeBuilder b = new TreeBuilder(0, 64, 100);
        now += 5; // before the first event: the recorder has not started timing
        Object top = spawn(b, 40);
        now += 7;
        event(b, () -> b.start(top));
        now += 100;
        Object a = spawn(b, 10);
        now += 3; // between two spawns: before the second, so a replay overlaps it with the first
        Object c = spawn(b, 11);
        leaf(b, c, 50, 4); // the sync runs the newest first
        leaf(b, a, 60, 5);
        now += 20;
        Object d = spawn(b, 12); // after a sync: a second group
        leaf(b, d, 70, 6);
        now += 30;
        event(b, () -> b.finish(top, 9));
        SpawnTree t = b.build("test");

        assertEquals(5, t.size());
        assertEquals(1, t.childCount(0));
        assertEquals(3, t.segmentCount(0));
        assertEquals(0, t.segment(0, 0)); // before its spawn
        assertEquals(7, t.segment(0, 1)); // before its sync
        assertEquals(0, t.segment(0, 2)); // the root's time after its last sync, so far
        assertEquals(3, t.childCount(1));
        assertEquals(2, t.groupCount(1));
        long[] expectedSegments = {100, 3, 0, 20, 0, 30}; // spawn, spawn, sync, spawn, sync, end
        assertEquals(expectedSegments.length, t.segmentCount(1));
        for (int s = 0; s < expectedSegments.length; s++) {
            assertEquals(expectedSegments[s], t.segment(1, s), "segment " + s);
        }
        assertEquals(40, t.argBytes(1));
        assertEquals(9, t.resultBytes(1));
        int[] expectedGroups = {0, 0, 1};
        long[] expectedOwn = {60, 50, 70};
        int[] expectedArgs = {10, 11, 12};
        for (int k = 0; k < 3; k++) {
            int child = t.child(1, k);
            assertEquals(expectedGroups[k], t.group(child), "group of child " + k);
            assertEquals(expectedOwn[k], t.ownNanos(child), "own time of child " + k);
            assertEquals(expectedArgs[k], t.argBytes(child), "argument bytes of child " + k);
        }
        assertEquals(7 + 103 + 20 + 30 + 60 + 50 + 70, t.totalNanos());
        // the first group's longer child ends at 100 + 60, the second group starts 20 later and
        // its child ends at 250, then 30 more; the root's sync waits for all of it
        assertEquals(100 + 60 + 20 + 70 + 30, t.criticalPathNanos());
    }

    @Test
    void subtreesBelowTheFoldTimeBecomeLeavesWithTheirTotalTime() {
        TreeBuilder b = new TreeBuilder(1_000, 64, 100);
        Object big = spawnAndStart(b, 1);
        Object small = spawnAndStart(b, 2);
        Object tiny = spawn(b, 3);
        leaf(b, tiny, 300, 1);
        now += 200;
        event(b, () -> b.finish(small, 1)); // 500 in all: folded
        Object large = spawn(b, 4);
        leaf(b, large, 2_000, 1);
        event(b, () -> b.finish(big, 1));
        SpawnTree t = b.build("folded");

        assertEquals(4, t.size());
        int folded = t.child(1, 0);
        assertEquals(0, t.childCount(folded));
        assertEquals(500, t.ownNanos(folded));
        assertEquals(2_000, t.ownNanos(t.child(1, 1)));
        assertEquals(4, b.spawns());
    }

    @Test
    void callsDeeperThanTheLimitAreFoldedIntoTheirAncestor() {
        TreeBuilder b = new TreeBuilder(0, 1, 100);
        Object top = spawnAndStart(b, 1);
        Object below = spawn(b, 1);
        leaf(b, below, 10_000, 1);
        event(b, () -> b.finish(top, 1));
        SpawnTree t = b.build("shallow");
        assertEquals(2, t.size());
        assertEquals(10_000, t.ownNanos(1));
    }

    @Test
    void theRecordingOverheadIsTakenOffEveryCallButNeverBelowZero() {
        TreeBuilder b = new TreeBuilder(0, 64, 100);
        b.subtractPerCall(100);
        Object x = spawn(b, 1);
        leaf(b, x, 250, 1);
        Object y = spawn(b, 1);
        leaf(b, y, 40, 1);
        SpawnTree t = b.build("calibrated");
        assertEquals(150, t.ownNanos(1));
        assertEquals(0, t.ownNanos(2));
    }

    @Test
    void timeLostToACollectionIsNoCallsButNeverMakesATimeNegative() {
        TreeBuilder b = new TreeBuilder(0, 64, 100);
        Object x = spawn(b, 1);
        event(b, () -> b.start(x));
        now += 5_000;
        b.pause(now, 3_000); // 3 us of the 5 went to a collection
        b.finish(x, 1);
        now += 1_000;
        b.resume(now);
        Object y = spawn(b, 1);
        event(b, () -> b.start(y));
        now += 1_000;
        b.pause(now, 2_000_000); // a collection counted in whole milliseconds
        b.finish(y, 1);
        SpawnTree t = b.build("collected");
        assertEquals(2_000, t.ownNanos(1));
        assertEquals(0, t.ownNanos(2));
    }

    @Test
    void aTreeBeyondTheCallLimitIsRefusedNamingTheFolding() {
        TreeBuilder b = new TreeBuilder(0, 64, 3);
        for (int i = 0; i < 2; i++) {
            leaf(b, spawn(b, 1), 10, 1);
        }
        Object third = spawn(b, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> leaf(b, third, 10, 1));
        assertTrue(e.getMessage().contains("fold more"), e.getMessage());
    }

    @Test
    void aCallFinishingThatNeverStartedIsRefused() {
        TreeBuilder b = new TreeBuilder(0, 64, 10);
        Object x = spawn(b, 1);
        assertThrows(IllegalStateException.class, () -> b.finish(x, 1));
    }
}
