package satin.record;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link SpawnTree} from the events of a run on one thread: a spawn, a call starting, a
 * call finishing. Time between events goes to the call running then; the recorder's own work
 * (serializing, bookkeeping) happens between {@link #pause} and {@link #resume} and goes to no one.
 *
 * <p>Folding keeps it small: a call that finishes with less than {@code foldNanos} in its whole
 * subtree, or deeper than {@code maxDepth}, becomes a leaf whose own time is its subtree's. What
 * that keeps: the total work, the critical path down to the fold, the traffic of every call
 * that remains. What it loses: parallelism and traffic inside the folded subtree, which a replay
 * runs as one wait on one node.
 */
public final class TreeBuilder {

    private final long foldNanos;
    private final int maxDepth;
    private final int maxCalls;
    private final Frame root = new Frame(null, 0, 0, -1);
    private final ArrayDeque<Frame> running = new ArrayDeque<>();
    private long since = -1;
    private int kept = 1;
    private long spawns;
    /** What the recording machinery costs a call beyond what it can time itself; taken off every call. */
    private long overheadPerCall;

    /**
     * @param maxCalls the most calls kept after folding; a run beyond it is refused, naming the folding to raise
     */
    public TreeBuilder(long foldNanos, int maxDepth, int maxCalls) {
        if (foldNanos < 0 || maxDepth < 1 || maxCalls < 1) {
            throw new IllegalArgumentException("folding needs a time >= 0, a depth >= 1 and a call limit >= 1, not "
                    + foldNanos + " ns, depth " + maxDepth + ", " + maxCalls + " calls");
        }
        this.foldNanos = foldNanos;
        this.maxDepth = maxDepth;
        this.maxCalls = maxCalls;
        running.push(root);
    }

    /**
     * Takes {@code nanos} off every call's own time (never below zero): the by-value copies and
     * the sync of the recording mode cost a call time between the events, measured by recording a
     * program that does nothing but spawn ({@code satin.apps.replay.RecordTree}).
     */
    public void subtractPerCall(long nanos) {
        overheadPerCall = Math.max(0, nanos);
    }

    /** The recorder starts its own work: the time since it last resumed was the running call's. */
    public void pause(long now) {
        pause(now, 0);
    }

    /**
     * As {@link #pause(long)}, for a time since the last resume of which {@code lostNanos} went to
     * no call (a garbage collection that stopped every thread): that much less is the call's.
     */
    public void pause(long now, long lostNanos) {
        if (since >= 0) {
            running.peek().current += Math.max(0, now - since - lostNanos);
        }
        since = -1;
    }

    /** The recorder's own work is over: time runs for the running call again. */
    public void resume(long now) {
        since = now;
    }

    /** The running call spawns a call whose job takes {@code argBytes}; the handle names it later. */
    public Object spawn(int argBytes) {
        Frame parent = running.peek();
        if (parent.children.isEmpty() || parent.ranChildSinceSpawn) {
            parent.groups++;
        }
        parent.segments.add(parent.current); // before this spawn
        parent.current = 0;
        parent.ranChildSinceSpawn = false;
        spawns++;
        Frame child = new Frame(parent, parent.depth + 1, argBytes, parent.groups - 1);
        parent.children.add(child);
        return child;
    }

    /**
     * The spawned call {@code handle} starts running. With one worker a call's children run only
     * in its sync, so the first of them to start after a spawn marks the sync: the parent's time
     * since its last spawn was computed before it.
     */
    public void start(Object handle) {
        Frame f = (Frame) handle;
        syncing(f.parent);
        running.push(f);
    }

    private static void syncing(Frame parent) {
        if (!parent.ranChildSinceSpawn) {
            parent.segments.add(parent.current); // before this sync
            parent.current = 0;
            parent.ranChildSinceSpawn = true;
        }
    }

    /** The call {@code handle} returned a result of {@code resultBytes}; calls it left unfinished are closed too. */
    public void finish(Object handle, int resultBytes) {
        Frame f = (Frame) handle;
        if (!running.contains(f)) {
            throw new IllegalStateException("a call finished that was not running: the recording lost track of the tree");
        }
        while (running.peek() != f) {
            close(running.pop());
        }
        f.resultBytes = resultBytes;
        close(running.pop());
    }

    private void close(Frame f) {
        if (!f.children.isEmpty()) {
            syncing(f); // a sync group none of whose calls ran: the call was left unfinished
        }
        f.segments.add(f.current);
        f.current = 0;
        long debt = overheadPerCall;
        for (int s = f.segments.size() - 1; s >= 0 && debt > 0; s--) {
            long take = Math.min(debt, f.segments.get(s));
            f.segments.set(s, f.segments.get(s) - take);
            debt -= take;
        }
        f.total = f.segments.stream().mapToLong(Long::longValue).sum() + f.children.stream().mapToLong(c -> c.total).sum();
        f.calls = 1 + f.children.stream().mapToInt(c -> c.calls).sum();
        if (!f.children.isEmpty() && (f.total < foldNanos || f.depth >= maxDepth)) {
            kept -= f.calls - 1;
            f.children.clear();
            f.segments.clear();
            f.segments.add(f.total);
            f.calls = 1;
        }
        kept++;
        if (kept > maxCalls) {
            throw new IllegalStateException("the recorded tree has more than " + maxCalls
                    + " calls after folding: fold more (a larger fold time or a smaller depth)");
        }
    }

    /** The calls spawned so far, folded ones included. */
    public long spawns() {
        return spawns;
    }

    /** The tree so far, the root closed at the last event; the builder can go on. */
    public SpawnTree build(String description) {
        List<Frame> order = new ArrayList<>();
        preorder(order);
        int n = order.size();
        int[] childCount = new int[n];
        int[] group = new int[n];
        int[] arg = new int[n];
        int[] result = new int[n];
        int[] segStart = new int[n + 1];
        List<Long> segs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Frame f = order.get(i);
            childCount[i] = f.children.size();
            group[i] = Math.max(0, f.group);
            arg[i] = f.argBytes;
            result[i] = f.resultBytes;
            segs.addAll(f.segments);
            if (f == root) {
                segs.add(root.current); // the root's time after its last sync, so far
            }
            segStart[i + 1] = segs.size();
        }
        return new SpawnTree(description, childCount, group, arg, result, segStart,
                segs.stream().mapToLong(Long::longValue).toArray());
    }

    private void preorder(List<Frame> order) {
        ArrayDeque<Frame> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Frame f = todo.pop();
            if (f != root && !f.closed()) {
                throw new IllegalStateException("a call is still running: build the tree once the program's calls are done");
            }
            order.add(f);
            for (int k = f.children.size() - 1; k >= 0; k--) {
                todo.push(f.children.get(k));
            }
        }
    }

    /** A call as it is recorded: its own time so far, its children, its place. */
    private static final class Frame {
        final Frame parent;
        final int depth;
        final int argBytes;
        final int group;
        final List<Long> segments = new ArrayList<>(1);
        final List<Frame> children = new ArrayList<>(0);
        long current;
        int groups;
        boolean ranChildSinceSpawn;
        int resultBytes;
        long total = -1;
        int calls;

        Frame(Frame parent, int depth, int argBytes, int group) {
            this.parent = parent;
            this.depth = depth;
            this.argBytes = argBytes;
            this.group = group;
        }

        boolean closed() {
            return total >= 0;
        }
    }
}
