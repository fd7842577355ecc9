package satin.record;

/**
 * A recorded spawn tree, immutable, its calls numbered in preorder (call 0 is the root, the
 * program's own work around its top-level spawns).
 *
 * <p>A call's own time is split in segments at its spawns and syncs, in the order it did them:
 * for each sync group, one segment before each spawn of the group and one before its sync; then
 * one after the last sync. A call of {@code c} children in {@code g} groups has {@code c + g + 1}
 * segments, a leaf one. So a spawner that computes between its spawns (UTS walks its part and
 * hands off every so often) overlaps that work with its children as the program did.
 */
public final class SpawnTree {

    private final String description;
    private final int[] subtreeSize;
    private final int[] childCount;
    private final int[] group;
    private final int[] argBytes;
    private final int[] resultBytes;
    private final int[] segmentStart;
    private final long[] segments;
    /** The children of every call, flat; call i's are at childStart[i] for childCount[i]. */
    private final int[] children;
    private final int[] childStart;

    SpawnTree(String description, int[] childCount, int[] group, int[] argBytes, int[] resultBytes,
            int[] segmentStart, long[] segments) {
        this.description = description;
        this.subtreeSize = subtreeSizes(childCount);
        this.childCount = childCount;
        this.group = group;
        this.argBytes = argBytes;
        this.resultBytes = resultBytes;
        this.segmentStart = segmentStart;
        this.segments = segments;
        int n = subtreeSize.length;
        this.childStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            childStart[i + 1] = childStart[i] + childCount[i];
        }
        this.children = new int[Math.max(0, n - 1)];
        for (int i = 0; i < n; i++) {
            int c = i + 1;
            for (int k = 0; k < childCount[i]; k++) {
                children[childStart[i] + k] = c;
                c += subtreeSize[c];
            }
        }
    }

    /** In preorder, a call's subtree ends where its last child's does. */
    private static int[] subtreeSizes(int[] childCount) {
        int n = childCount.length;
        int[] size = new int[n];
        for (int i = n - 1; i >= 0; i--) {
            size[i] = 1;
            for (int c = i + 1, k = 0; k < childCount[i]; k++, c += size[c]) {
                size[i] += size[c];
            }
        }
        return size;
    }

    /**
     * The same tree with every own time times {@code factor}: a recording's times brought to the
     * program's own run time, so that what recording cost besides is spread over the calls.
     */
    public SpawnTree scaled(double factor, String newDescription) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a tree's times scaled by " + factor);
        }
        long[] s = segments.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] = Math.round(s[i] * factor);
        }
        return new SpawnTree(newDescription, childCount, group, argBytes, resultBytes, segmentStart, s);
    }

    /** What was recorded: the application and its arguments, the folding. */
    public String description() {
        return description;
    }

    /** The number of calls, the root included. */
    public int size() {
        return subtreeSize.length;
    }

    public int childCount(int call) {
        return childCount[call];
    }

    /** The number of the {@code index}th child of {@code call}, in spawn order. */
    public int child(int call, int index) {
        return children[childStart[call] + index];
    }

    /** The sync group of its parent the call was spawned in. */
    public int group(int call) {
        return group[call];
    }

    /** The calls in the subtree of {@code call}, itself included. */
    public int subtreeSize(int call) {
        return subtreeSize[call];
    }

    /** Its arguments and receiver as the codec wrote them for a thief; 0 for the root, which never travels. */
    public int argBytes(int call) {
        return argBytes[call];
    }

    /** Its result as the codec wrote it back. */
    public int resultBytes(int call) {
        return resultBytes[call];
    }

    /** The segments of its own time: one before each spawn and each sync, and one after its last sync. */
    public int segmentCount(int call) {
        return segmentStart[call + 1] - segmentStart[call];
    }

    /** The syncs that wait for its children: one per sync group. */
    public int groupCount(int call) {
        return segmentCount(call) - childCount[call] - 1;
    }

    /** Its own compute time before its {@code index}th spawn or sync, in the order it did them (after the last sync for the last index), in ns. */
    public long segment(int call, int index) {
        return segments[segmentStart[call] + index];
    }

    /** Its own compute time, children excluded, in ns. */
    public long ownNanos(int call) {
        long sum = 0;
        for (int s = segmentStart[call]; s < segmentStart[call + 1]; s++) {
            sum += segments[s];
        }
        return sum;
    }

    /** The compute time of the whole tree: what one worker takes, without the cost of spawning. */
    public long totalNanos() {
        long sum = 0;
        for (long s : segments) {
            sum += s;
        }
        return sum;
    }

    /**
     * The time the tree takes on as many nodes as it has calls, each child starting as it is
     * spawned and every sync waiting for the last of its group: no number of nodes finishes sooner.
     */
    public long criticalPathNanos() {
        long[] path = new long[size()];
        for (int i = size() - 1; i >= 0; i--) {
            long t = 0;
            long childrenDone = 0;
            int s = segmentStart[i];
            for (int k = 0, g = 0; g < groupCount(i); g++) {
                for (; k < childCount[i] && group[child(i, k)] == g; k++) {
                    t += segments[s++];
                    childrenDone = Math.max(childrenDone, t + path[child(i, k)]);
                }
                t = Math.max(t + segments[s++], childrenDone);
            }
            path[i] = t + segments[s];
        }
        return path[0];
    }

    /** The call's share of the checksum: from its number and everything recorded about it. */
    public long hash(int call) {
        long h = mix(call + mix(ownNanos(call)));
        h = mix(h + argBytes[call]);
        h = mix(h + resultBytes[call]);
        return mix(h + group[call]);
    }

    /**
     * The sum of every call's hash: what a replay returns if every call ran exactly once and
     * every result came back.
     */
    public long checksum() {
        long sum = 0;
        for (int i = 0; i < size(); i++) {
            sum += hash(i);
        }
        return sum;
    }

    /** SplitMix64's finalizer: a well-mixed number, so that a lost or doubled call changes the sum. */
    public static long mix(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Calls, leaves, depth, total and critical path, for reports. */
    public String summary() {
        int leaves = 0;
        for (int c : childCount) {
            leaves += c == 0 ? 1 : 0;
        }
        return String.format(java.util.Locale.ROOT, "%d calls (%d leaves), %.1f ms of work, critical path %.2f ms",
                size(), leaves, totalNanos() / 1e6, criticalPathNanos() / 1e6);
    }
}
